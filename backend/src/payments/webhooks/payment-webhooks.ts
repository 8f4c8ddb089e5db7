import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { isDomainError } from '@coseso/domain/shared/domain-error';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ApiError } from '../../infra/http/api-errors.js';
import { RecordPaymentEventCommand, type WebhookOutcome } from './record-payment-event.command.js';
import { CommandBus } from '@nestjs/cqrs';
import {
  InvalidWebhookSignature,
  PAYMENT_PROVIDER,
  type PaymentEvent,
  type PaymentProvider,
} from '../payment-provider.js';

/**
 * The one way a payment outcome enters the log, for Stripe and the sandbox alike: the signature is
 * checked over the exact bytes received, then the event is recorded by its command.
 */
@Injectable()
export class PaymentWebhooks {
  private readonly logger = new Logger('PaymentWebhooks');

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly commands: CommandBus,
  ) {}

  async receive(
    providerName: string,
    rawBody: Buffer | undefined,
    signature: string | undefined,
  ): Promise<WebhookOutcome> {
    if (providerName !== this.provider.name) {
      throw new ApiError(
        404,
        ErrorCode.WEBHOOK_UNKNOWN_PROVIDER,
        `Aucun fournisseur de paiement « ${providerName} » ici.`,
      );
    }
    let event: PaymentEvent;
    try {
      event = this.provider.parseWebhook(rawBody ?? Buffer.alloc(0), signature);
    } catch (error) {
      if (!(error instanceof InvalidWebhookSignature)) throw error;
      this.logger.warn({ msg: 'webhook refused: bad signature', provider: providerName });
      throw new ApiError(400, ErrorCode.WEBHOOK_INVALID_SIGNATURE, 'Signature du webhook invalide');
    }
    try {
      return await this.commands.execute(new RecordPaymentEventCommand(event));
    } catch (error) {
      // A refund reported before its payment is not an error: the answer (409) has the provider
      // deliver it again (Stripe does, with backoff, for three days), by when the payment is in.
      if (isDomainError(error) && error.code === ErrorCode.ORDER_PAYMENT_NOT_RECORDED_YET) {
        this.logger.warn({ msg: 'refund reported before its payment: to be delivered again', event });
        throw error;
      }
      // A refusal here means money and order disagree (wrong amount, second payment…): people must look.
      if (isDomainError(error))
        this.logger.error({
          msg: 'payment event refused by the order',
          event,
          code: error.code,
          err: error.message,
        });
      throw error;
    }
  }
}
