export const DEFAULT_SIGN_IN_REDIRECT = '/dashboard';

/**
 * The `redirect` search parameter when it is a path of this site, else undefined. A value like
 * "//evil.example" or "/\evil.example" would leave the site (browsers read "\" as "/"), and "/auth…"
 * would bring the client back to the sign-in page.
 */
export function safeRedirectPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000) return undefined;
  if (!value.startsWith('/') || value.startsWith('//')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return undefined;
  const path = value.split(/[?#]/, 1)[0] ?? '';
  if (path === '/auth' || path.startsWith('/auth/')) return undefined;
  return value;
}

/** Where a client goes once signed in: the redirect (or the dashboard), on the order's card if any. */
export function signInDestination(redirect: string | undefined, order: string | undefined): string {
  const target = safeRedirectPath(redirect) ?? DEFAULT_SIGN_IN_REDIRECT;
  if (!order) return target;
  const withoutHash = target.split('#', 1)[0] ?? target;
  return `${withoutHash}#order-${encodeURIComponent(order)}`;
}
