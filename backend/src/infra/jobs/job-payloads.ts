import { type OrderEvent } from '@coseso/event-schemas/order/order-events';

/** An order event as an email job carries it: its type, its data and when it happened. */
export type OrderEmailEvent = OrderEvent extends infer E
  ? E extends OrderEvent
    ? { readonly type: E['type']; readonly data: E['data'] }
    : never
  : never;

/**
 * Every background job, by name, with what its data holds: `JobQueue.register` and `enqueue` take
 * a name from here and only its payload, so a job enqueued with the wrong data does not compile.
 * Payloads are stored by BullMQ as JSON and read back by the handler (a retry reads the same):
 * plain values only, and a change of shape must still read the jobs already queued.
 */
export interface JobPayloads {
  /** An order event the client hears about: one email (notifications). */
  'order-email': OrderEmailEvent & {
    readonly orderId: string;
    readonly eventId: string;
    readonly occurredAt: string;
    /** Sent again to a corrected address: the correction's command id (absent the first time). */
    readonly resentFor?: string;
  };
  /** The first payment calls for the contract to sign. */
  'issue-contract': { readonly orderId: string; readonly eventId: string };
  /** The first payment opens the client's account and links the order to it. */
  'onboard-client': { readonly orderId: string; readonly eventId: string };
  /** A corrected contact email moves the client's login (read back from the event, by its id). */
  'move-client-login': { readonly orderId: string; readonly eventId: string };
  /** A team change makes the accounts table say the same and tells its member (read back from the event, by its id). */
  'follow-team-change': { readonly eventId: string };
  /** A client erased in the log: its credentials, held emails and keys go (read back from the event). */
  'finish-client-erasure': { readonly clientId: string; readonly eventId: string };
  /** A subscription that ended with its cancelled order is ended at the provider. */
  'end-subscription': { readonly orderId: string; readonly subscriptionId: string };
  /** A reactivated order starts again the subscription its cancellation ended (read back from the order). */
  'restart-subscription': { readonly orderId: string; readonly eventId: string };
  /** The order changed what it charges: its stale payment links are expired at the provider. */
  'expire-stale-payment-links': { readonly orderId: string };
  /** « Mot de passe oublié »: the address typed, looked up by the worker. */
  'password-reset': { readonly email: string };
  /** « Mot de passe oublié » of the back-office: the address typed, looked up by the worker. */
  'admin-password-reset': { readonly email: string };
  /** An account's sign-in from unknown devices was just locked: its owner is told (if it exists). */
  'sign-in-locked': { readonly realm: 'client' | 'admin'; readonly email: string };
  /** The sandbox provider's subscription renews at its period's end. */
  'sandbox-renew-subscription': { readonly subscriptionId: string };
  /** The sandbox provider's checkout ends after its lifetime. */
  'sandbox-expire-checkout': { readonly paymentId: string };
  /** The sandbox provider's webhook that a checkout expired. */
  'sandbox-expired-notice': { readonly paymentId: string };
  /** The sandbox provider's webhook that a payment was refunded (charge.refunded). */
  'sandbox-refunded-notice': { readonly paymentId: string };
  /** A payment the order refused (PaymentRefused) is refunded at the provider (read back from the event). */
  'refund-refused-payment': { readonly orderId: string; readonly eventId: string };
  /** A refund the team asked for (RefundRequested) is made at the provider. */
  'refund-payment': {
    readonly orderId: string;
    readonly eventId: string;
    readonly paymentId: string;
    readonly amount: number;
  };
  /** A money event of the order is invoiced (one document per event). */
  'issue-invoice': { readonly orderId: string; readonly eventId: string };
  /** A cancellation within the guarantee credits the order's invoices. */
  'credit-cancellation': { readonly orderId: string; readonly eventId: string };
  'credit-refund': { readonly orderId: string; readonly eventId: string };
  /** A reactivation: the payments a version 1 cancellation credited and the order kept, invoiced again. */
  'reinvoice-reactivation': { readonly orderId: string; readonly eventId: string };
  /** A message of an order's conversation: the other side is emailed, at most once per 15 minutes. */
  'message-email': {
    readonly orderId: string;
    readonly eventId: string;
    readonly author: 'client' | 'team';
  };
  /** A client acted (or a payment or an email to the client failed): the team is told (notifications/team-alerts). */
  'team-alert': {
    readonly orderId: string;
    readonly eventId: string;
    readonly title: string;
    readonly what: string;
  };
  /** The team alerts of one window (TEAM_ALERTS=digest), told in one email at its end (ISO). */
  'team-alert-digest': { readonly windowEnd: string };
  /** The messages that came within 15 minutes of the last email, told in one email when they end. */
  'message-digest': {
    readonly orderId: string;
    readonly recipient: 'client' | 'team';
    /** When the email this one follows was sent (ISO): with the order and recipient, its key. */
    readonly after: string;
  };
}

/** A job as a reactor asks for it: a name and its own payload, keyed for idempotency. */
export type JobRequest<Payloads extends object = JobPayloads> = {
  [N in keyof Payloads & string]: {
    readonly name: N;
    readonly data: Payloads[N];
    /** Derived from the event id: replaying the event enqueues nothing new. */
    readonly jobId: string;
  };
}[keyof Payloads & string];
