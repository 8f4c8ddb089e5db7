import { type DeliveryLog } from './delivery-log.js';
import { type MailMode, type MailTransport, type OutgoingEmail } from './mail-transport.js';

/**
 * Makes any transport deliver an idempotency key once, through a delivery log (the DeliveryLog
 * port; postgres-delivery-log.ts in the app). Wraps SMTP, which has no such thing: an email job run
 * again after its worker sent it but could not mark it completed in Redis finds its key and returns
 * the first Message-ID without sending. Without a key (a transport used outside the queue) the
 * email just goes.
 */
export class DeliveredOnceTransport implements MailTransport {
  readonly mode: MailMode;
  private closed = false;

  constructor(
    private readonly inner: MailTransport,
    private readonly log: DeliveryLog,
  ) {
    this.mode = inner.mode;
  }

  async send(message: OutgoingEmail): Promise<{ messageId: string }> {
    const key = message.idempotencyKey;
    if (key === undefined) return this.inner.send(message);
    return this.log.once(key, message.template, () => this.inner.send(message));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await this.inner.close();
    } finally {
      await this.log.close();
    }
  }
}
