import { ApiTags } from '@nestjs/swagger';
import { ApiAnswer, schema } from '../../infra/http/api-schemas.js';
import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { paymentPurposeLabels } from '@coseso/domain/orders/payment-labels';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { type AppConfig } from '../../config/app-config.js';
import { ApiError } from '../../infra/http/api-errors.js';
import { configuredOrigins } from '../../infra/http/origin-check.js';
import { RateLimit, RateLimitGuard } from '../../infra/http/rate-limit.js';
import { APP_CONFIG } from '../../infra/tokens.js';
import { checkoutPurposes, paymentStatuses } from '../payment-provider.js';
import { SandboxDeliveries } from './sandbox-deliveries.js';
import { SandboxPaymentProvider } from './sandbox-payment-provider.js';
import {
  SandboxCardRequestDto,
  SandboxCheckoutActionParams,
  SandboxCheckoutParams,
  SandboxSubscriptionParams,
} from './sandbox.request.dto.js';

const unknownCheckout = () =>
  new ApiError(404, ErrorCode.SANDBOX_UNKNOWN_CHECKOUT, 'Ce paiement est introuvable.');
const unknownSubscription = () =>
  new ApiError(404, ErrorCode.SANDBOX_UNKNOWN_SUBSCRIPTION, 'Cet abonnement est introuvable.');

const sandboxSubscriptionSchema = schema.object({
  id: schema.string(),
  orderId: schema.string(),
  amount: schema.integer('Monthly amount, VAT included (TTC), in euro cents'),
  status: schema.oneOf(['active', 'canceled']),
  currentPeriodEnd: schema.dateTime(),
  cancelAtPeriodEnd: schema.boolean(),
  cardDeclines: schema.boolean('The card on file will be refused at the next renewal'),
  billingAnchor: schema.nullable(
    schema.dateTime(
      'When the first period started: each period ends a calendar month after the one before, on its day',
    ),
  ),
  periods: schema.integer('How many periods were paid so far (the first included)'),
});

/** The sandbox's hosted pages, as an API for the SPA's /sandbox/* pages. Ids are random: knowing one is the access. */
@ApiTags('Sandbox payment provider')
@Controller('api/sandbox')
export class SandboxHttpController {
  private readonly origins: ReadonlySet<string>;

  constructor(
    private readonly sandbox: SandboxPaymentProvider,
    private readonly deliveries: SandboxDeliveries,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.origins = configuredOrigins(config);
  }

  @ApiAnswer(
    schema.object({
      id: schema.string(),
      orderId: schema.nullable(schema.string('Only while the checkout is open')),
      orderNumber: schema.integer(),
      purpose: schema.oneOf(checkoutPurposes),
      purposeLabel: schema.string(),
      description: schema.string(),
      amount: schema.integer('Amount charged, VAT included (TTC), in euro cents'),
      customerEmail: schema.nullable(schema.string()),
      status: schema.oneOf(paymentStatuses),
      expiresAt: schema.dateTime(),
      recurring: schema.boolean(),
    }),
  )
  @Get('checkout/:paymentId')
  async checkout(@Param() { paymentId }: SandboxCheckoutParams) {
    const payment = await this.sandbox.checkout(paymentId);
    if (!payment) throw unknownCheckout();
    // Anyone holding the URL reads it: once the checkout is over, nothing of the customer nor a way
    // to their order (its id opens the order's public pages).
    const open = payment.status === 'open';
    return {
      id: payment.id,
      orderId: open ? payment.orderId : null,
      orderNumber: payment.orderNumber,
      purpose: payment.purpose,
      purposeLabel: paymentPurposeLabels[payment.purpose],
      description: payment.description,
      amount: payment.amount,
      customerEmail: open ? payment.customerEmail : null,
      status: payment.status,
      expiresAt: payment.expiresAt,
      recurring: payment.purpose === 'first_month',
    };
  }

  /** Payer, Simuler un échec, Annuler: the outcome goes through the signed webhook, then the browser goes back. */
  @ApiAnswer(schema.object({ redirectUrl: schema.string() }))
  @Post('checkout/:paymentId/:action')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('sandboxCheckout')
  async act(@Param() { paymentId, action: chosen }: SandboxCheckoutActionParams) {
    const outcome = await this.sandbox.act(paymentId, chosen);
    if (!outcome) throw unknownCheckout();
    await this.deliveries.deliver(outcome.delivery);
    return { redirectUrl: outcome.redirectUrl };
  }

  @ApiAnswer(sandboxSubscriptionSchema)
  @Get('subscriptions/:subscriptionId')
  async subscription(@Param() { subscriptionId: id }: SandboxSubscriptionParams) {
    const subscription = await this.sandbox.subscription(id);
    if (!subscription) throw unknownSubscription();
    return subscription;
  }

  /** The card page: a valid card, a refused one, or one the next renewal will refuse. */
  @ApiAnswer(schema.object({ redirectUrl: schema.string() }))
  @Post('subscriptions/:subscriptionId/card')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('sandboxCheckout')
  async card(
    @Param() { subscriptionId: id }: SandboxSubscriptionParams,
    @Body() body: SandboxCardRequestDto,
  ) {
    const returnUrl = new URL(body.returnUrl);
    if (!this.origins.has(returnUrl.origin))
      throw new ApiError(400, ErrorCode.SANDBOX_FOREIGN_RETURN, 'Adresse de retour non autorisée');
    if (body.outcome === 'refused') {
      returnUrl.searchParams.set('status', 'failed');
      returnUrl.searchParams.set('error', 'Carte refusée par la banque (sandbox)');
    } else if (!(await this.sandbox.setCard(id, body.outcome === 'declines_next'))) {
      throw unknownSubscription();
    }
    return { redirectUrl: returnUrl.toString() };
  }

  /** Runs the next renewal now instead of at its period's end: for demonstrations and tests. */
  @ApiAnswer(
    schema.object({
      delivered: schema.boolean('False when nothing was due: the subscription had ended'),
      subscription: schema.nullable(sandboxSubscriptionSchema),
    }),
  )
  @Post('subscriptions/:subscriptionId/renew')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('sandboxCheckout')
  async renew(@Param() { subscriptionId: id }: SandboxSubscriptionParams) {
    const subscription = await this.sandbox.subscription(id);
    if (!subscription) throw unknownSubscription();
    const outcome = await this.deliveries.deliver(await this.sandbox.renew(id, { now: true }));
    return { delivered: outcome !== null, subscription: await this.sandbox.subscription(id) };
  }
}
