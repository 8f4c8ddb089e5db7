import { type RateLimitRule, RateLimitGuard, rateLimitPolicies, rateLimitPolicyOf } from './rate-limit.js';
import { type Route } from './route-table.js';

/**
 * Who may call each route of the API, declared once for every route of the route table
 * (`route-table.ts`). The security tests are generated from it: each kind's refusals are proven on
 * every route of that kind, and a route the table holds but this list does not fails them, so a new
 * route cannot ship without someone deciding who may call it.
 */
export const routeAccessKinds = {
  /** Anyone: the route reveals or changes nothing of a person's order. */
  public: 'sans authentification',
  /**
   * Anyone holding a random id the server made (the order's in the wizard and its payment, a
   * sandbox checkout's): knowing the id is the access, so ids are unguessable UUIDs.
   */
  'secret-id': 'par identifiant secret',
  /** The client area's session cookie, and only that client's own orders (404 for others'). */
  client: 'session client',
  /** A back-office bearer token (admins; auditors read only). */
  'back-office': 'jeton du back-office',
  /** The payment provider, by its signature over the raw body. */
  webhook: 'signature du fournisseur',
  /** An HMAC-signed, expiring link the API made. */
  'signed-link': 'lien signé',
} as const;
export type RouteAccess = keyof typeof routeAccessKinds;

/** `METHOD /path` (the route table's spelling) → who may call it. */
export const routeAccess: Readonly<Record<string, RouteAccess>> = {
  'GET /api/health': 'public',
  'GET /api/legal': 'public',
  // The prices and texts every visitor sees on /pricing: nothing of anyone's order.
  'GET /api/catalogue': 'public',
  'GET /api/check-email': 'public',
  'POST /api/check-domain': 'public',
  'POST /api/create-order': 'public',
  'POST /api/orders': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/auth/user': 'public',
  'POST /api/auth/forgot-password': 'public',
  // The set-password and reset links' token is the credential, checked by the route itself.
  'POST /api/auth/check-token': 'public',
  'POST /api/auth/set-password': 'public',
  'POST /api/admin/login': 'public',
  'POST /api/admin/forgot-password': 'public',
  // The back-office reset link's token is the credential, checked by the route itself.
  'POST /api/admin/check-token': 'public',
  'POST /api/admin/set-password': 'public',
  'POST /api/admin/logout': 'public',
  'GET /api/admin/check': 'public',
  // A payment's status only (paid, open…), nothing of the order.
  'GET /api/{provider}/payment/{paymentId}': 'public',

  'GET /api/orders/{orderId}': 'secret-id',
  'POST /api/orders/{orderId}/progress': 'secret-id',
  'POST /api/orders/{orderId}/form': 'secret-id',
  'POST /api/orders/{orderId}/complete': 'secret-id',
  'POST /api/orders/{orderId}/payment': 'secret-id',
  'POST /api/orders/{orderId}/payment-annual': 'secret-id',
  'POST /api/orders/{orderId}/payment-monthly': 'secret-id',
  'POST /api/orders/{orderId}/finalize-payment': 'secret-id',
  'GET /api/sandbox/checkout/{paymentId}': 'secret-id',
  'POST /api/sandbox/checkout/{paymentId}/{action}': 'secret-id',
  'GET /api/sandbox/subscriptions/{subscriptionId}': 'secret-id',
  'POST /api/sandbox/subscriptions/{subscriptionId}/card': 'secret-id',
  'POST /api/sandbox/subscriptions/{subscriptionId}/renew': 'secret-id',

  'GET /api/client/orders': 'client',
  'GET /api/client/orders/{orderId}': 'client',
  'GET /api/client/orders/{orderId}/timeline': 'client',
  'GET /api/client/orders/{orderId}/contract': 'client',
  'POST /api/client/orders/{orderId}/contract/sign': 'client',
  'POST /api/client/orders/{orderId}/review': 'client',
  'POST /api/client/orders/{orderId}/submit-brief': 'client',
  'POST /api/client/orders/{orderId}/cancel-subscription': 'client',
  'GET /api/client/orders/{orderId}/invoices': 'client',
  'GET /api/client/orders/{orderId}/invoices/{number}/pdf': 'client',
  'GET /api/client/orders/{orderId}/messages': 'client',
  'POST /api/client/orders/{orderId}/messages': 'client',
  'POST /api/client/orders/{orderId}/messages/read': 'client',
  'GET /api/client/files/{orderId}': 'client',
  'POST /api/client/upload': 'client',
  'DELETE /api/client/files/{filename}': 'client',
  'POST /api/orders/upsell-account-manager': 'client',
  'POST /api/orders/{orderId}/create-contract': 'client',
  'POST /api/orders/{orderId}/create-invoice': 'client',
  'POST /api/orders/{orderId}/payment-card-update': 'client',
  'POST /api/orders/{orderId}/payment-first-month': 'client',
  'POST /api/orders/{orderId}/regenerate-final-payment': 'client',

  'GET /api/orders': 'back-office',
  'POST /api/orders/{orderId}/validate-brief': 'back-office',
  'GET /api/admin/orders': 'back-office',
  'GET /api/admin/order-views': 'back-office',
  'GET /api/admin/orders/{orderId}': 'back-office',
  'GET /api/admin/orders/{orderId}/history': 'back-office',
  'GET /api/admin/orders/{orderId}/evidence': 'back-office',
  'GET /api/admin/orders/{orderId}/invoices': 'back-office',
  'GET /api/admin/invoices': 'back-office',
  'GET /api/admin/invoices/export.csv': 'back-office',
  'GET /api/admin/invoices/export.zip': 'back-office',
  'GET /api/admin/invoices/receipts': 'back-office',
  'GET /api/admin/invoices/export-fec.csv': 'back-office',
  'GET /api/admin/invoices/verify-books': 'back-office',
  'GET /api/admin/invoices/{number}/pdf': 'back-office',
  'PATCH /api/admin/orders/{orderId}/status': 'back-office',
  'POST /api/admin/orders/{orderId}/finalize-delivery': 'back-office',
  'POST /api/admin/orders/{orderId}/offline-payment': 'back-office',
  'POST /api/admin/orders/{orderId}/refunds': 'back-office',
  'POST /api/admin/orders/{orderId}/resend-payment-link': 'back-office',
  'POST /api/admin/orders/{orderId}/request-more-elements': 'back-office',
  'GET /api/admin/files/{orderId}': 'back-office',
  'GET /api/admin/orders/{orderId}/messages': 'back-office',
  'POST /api/admin/orders/{orderId}/messages': 'back-office',
  'POST /api/admin/orders/{orderId}/messages/read': 'back-office',
  'GET /api/admin/messages/unread': 'back-office',
  'GET /api/admin/statistics': 'back-office',
  'GET /api/admin/team': 'back-office',
  'POST /api/admin/team/{accountId}/unlock': 'back-office',
  'POST /api/admin/team': 'back-office',
  'POST /api/admin/team/{accountId}/role': 'back-office',
  'POST /api/admin/team/{accountId}/deactivate': 'back-office',
  'POST /api/admin/clients/{clientId}/erase': 'back-office',
  'POST /api/admin/orders/{orderId}/erase-contact': 'back-office',
  'POST /api/admin/orders/{orderId}/contact-email': 'back-office',
  'GET /api/admin/orders/{orderId}/sent-emails': 'back-office',
  'GET /api/admin/catalogue': 'back-office',
  'POST /api/admin/catalogue/versions': 'back-office',
  'GET /api/admin/agency-identity': 'back-office',
  'POST /api/admin/agency-identity': 'back-office',
  'GET /api/admin/events': 'back-office',
  'GET /api/admin/events/export.csv': 'back-office',
  'GET /api/admin/events/export.ndjson': 'back-office',
  'GET /api/admin/audit/verify': 'back-office',
  'GET /api/admin/operations/projections': 'back-office',
  'GET /api/admin/operations/failed-jobs': 'back-office',
  'POST /api/admin/operations/failed-jobs/{queue}/{id}/retry': 'back-office',
  'POST /api/admin/operations/rebuilds': 'back-office',
  'GET /api/admin/operations/rebuilds/current': 'back-office',
  'GET /api/admin/operations/rebuilds/{id}/events': 'back-office',
  'GET /api/test/email': 'back-office',
  'POST /api/test/email/send': 'back-office',
  'GET /api/test/mailbox': 'back-office',
  'POST /api/test/contract-email/{orderId}': 'back-office',

  'POST /api/payments/{provider}/webhook': 'webhook',

  'GET /api/files/download/{key}': 'signed-link',
};

/** Who may call the route named `METHOD /path`; undefined for a route nobody classified. */
export const accessOf = (route: { method: string; path: string }): RouteAccess | undefined =>
  routeAccess[`${route.method} ${route.path}`];

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A write anyone may send without an account: each must carry a rate limit. */
export const isAnonymousWrite = (route: Route): boolean => {
  const kind = accessOf(route);
  return !READS.has(route.method) && (kind === 'public' || kind === 'secret-id');
};

/**
 * The anonymous writes that could be sent without bound, each with why: no limit, a limit whose
 * guard is not on the route (it would never be counted), or a route naming an order whose limit
 * counts only addresses (many addresses together could still flood that order's stream).
 */
export function unboundedAnonymousWrites(routes: readonly Route[]): string[] {
  return routes.filter(isAnonymousWrite).flatMap((route) => {
    const name = `${route.method} ${route.path}`;
    const policy = rateLimitPolicyOf(route.controller, route.handlerName);
    if (!policy) return [`${name}: sans limite`];
    if (!route.guards.includes(RateLimitGuard)) return [`${name}: limite sans RateLimitGuard`];
    const rule: RateLimitRule = rateLimitPolicies[policy];
    if (route.path.includes('{orderId}') && !rule.perOrder) return [`${name}: pas de limite par commande`];
    return [];
  });
}
