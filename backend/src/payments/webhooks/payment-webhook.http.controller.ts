import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, schema } from '../../infra/http/api-schemas.js';
import { Controller, Headers, HttpCode, Param, Post, type RawBodyRequest, Req } from '@nestjs/common';
import { type Request } from 'express';
import { ReadsBody } from '../../infra/http/request-body-type.js';
import { PaymentWebhookParams } from './payment-webhook.request.dto.js';
import { PaymentWebhooks } from './payment-webhooks.js';
import { type WebhookOutcome } from './record-payment-event.command.js';

/** Where Stripe (or the sandbox, over HTTP) delivers payment events. No session: the signature is the credential. */
@ApiTags('Payment webhooks')
@Controller('api/payments')
export class PaymentWebhookHttpController {
  constructor(private readonly webhooks: PaymentWebhooks) {}

  @ApiHeader({ name: 'stripe-signature', description: 'Stripe’s signature of the raw body (the credential)' })
  @ApiAnswer(
    schema.object({
      received: schema.oneOf([true]),
      outcome: schema.oneOf(
        ['recorded', 'duplicate', 'ignored', 'refused'],
        'recorded: new events; duplicate: handled before; ignored: nothing for us; refused: a payment the ' +
          'order could not accept (a stale or expired link), recorded as refused, its refund follows',
      ),
    }),
    'Événement reçu (rejoué sans effet s’il l’a déjà été)',
  )
  @Post(':provider/webhook')
  @ReadsBody('provider')
  @HttpCode(200)
  receive(
    @Param() { provider }: PaymentWebhookParams,
    @Req() request: RawBodyRequest<Request>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<WebhookOutcome> {
    return this.webhooks.receive(provider, request.rawBody, signature);
  }
}
