/**
 * The log of the emails delivered, by idempotency key: the port that makes a transport deliver a
 * key once (DeliveredOnceTransport). Its Postgres implementation is postgres-delivery-log.ts.
 */
export interface DeliveryLog {
  /**
   * The Message-ID `key` was delivered with, without calling `send`, when it was; else `send`'s,
   * recorded under the key. One call per key at a time, across every process of the app.
   */
  once(
    key: string,
    template: string,
    send: () => Promise<{ messageId: string }>,
  ): Promise<{ messageId: string }>;
  close(): Promise<void>;
}
