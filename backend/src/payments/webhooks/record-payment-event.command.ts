import { Command } from '@nestjs/cqrs';
import { type PaymentEvent } from '../payment-provider.js';

export interface WebhookOutcome {
  readonly received: true;
  /**
   * recorded: new events; duplicate: this delivery was handled before; ignored: nothing for us;
   * refused: a payment the order could not accept (a stale or expired link), recorded as refused; its
   * refund through the provider follows (PaymentRefunded once made, RefundFailed if given up).
   */
  readonly outcome: 'recorded' | 'duplicate' | 'ignored' | 'refused';
}

/** A payment event whose signature was checked, to record on its order. */
export class RecordPaymentEventCommand extends Command<WebhookOutcome> {
  constructor(readonly event: PaymentEvent) {
    super();
  }
}
