import { Controller, Headers, HttpCode, Param, Post, type RawBodyRequest, Req } from '@nestjs/common';
import { type Request } from 'express';
import { PaymentWebhookParams } from './payment-webhook.request.dto.js';
import { PaymentWebhooks } from './payment-webhooks.js';

/** Where Stripe (or the sandbox, over HTTP) delivers payment events. No session: the signature is the credential. */
@Controller('api/payments')
export class PaymentWebhookHttpController {
  constructor(private readonly webhooks: PaymentWebhooks) {}

  @Post(':provider/webhook')
  @HttpCode(200)
  receive(
    @Param() { provider }: PaymentWebhookParams,
    @Req() request: RawBodyRequest<Request>,
    @Headers('stripe-signature') signature: string | undefined,
  ) {
    return this.webhooks.receive(provider, request.rawBody, signature);
  }
}
