import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { DomainError } from '@coseso/domain/shared/domain-error';
import { Body, Controller, HttpCode, Inject, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { ClientSessionGuard, CurrentClient } from '../../accounts/shared/client-session.guard.js';
import { type AppConfig } from '../../config/app-config.js';
import { exposePosition } from '../../infra/http/event-position.js';
import { APP_CONFIG } from '../../infra/tokens.js';
import { type CommandContext } from '../../write-side/command-context.js';
import { OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { OrderIdParams } from '../../orders/shared/order-id.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payment-provider.js';
import { invoiceOf } from '../invoices/invoice.js';
import {
  CancelSubscriptionRequestDto,
  UpsellAccountManagerRequestDto,
} from './client-payments.request.dto.js';
import { type CheckoutPurpose, PaymentLinks } from './payment-links.js';
import { orderNotFound } from '../../orders/shared/order-errors.js';

/**
 * The client area's payment calls (spec §7.1): signed-in clients only, and only on their own
 * orders (another client's order answers 404, as if it did not exist).
 */
@Controller('api')
@UseGuards(ClientSessionGuard)
export class ClientPaymentsHttpController {
  constructor(
    private readonly links: PaymentLinks,
    private readonly orders: OrderCommandRunner,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Yearly plan: the balance link, the open one again when there is one. */
  @Post('orders/:orderId/regenerate-final-payment')
  @HttpCode(200)
  regenerateFinal(
    @Param() { orderId }: OrderIdParams,
    @CurrentClient() clientId: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.finalLink(orderId, 'balance', clientId, request, response);
  }

  /** Monthly plan: the first month, which starts the subscription. */
  @Post('orders/:orderId/payment-first-month')
  @HttpCode(200)
  firstMonth(
    @Param() { orderId }: OrderIdParams,
    @CurrentClient() clientId: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.finalLink(orderId, 'first_month', clientId, request, response);
  }

  @Post('orders/upsell-account-manager')
  @HttpCode(200)
  async upsell(
    @Body() body: UpsellAccountManagerRequestDto,
    @CurrentClient() clientId: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    await this.ownOrder(body.orderId, clientId);
    const link = await this.links.open(body.orderId, 'account_manager', this.context(clientId, request));
    exposePosition(response, link.position);
    return { paymentUrl: link.url };
  }

  @Post('orders/:orderId/payment-card-update')
  @HttpCode(200)
  async cardUpdate(@Param() { orderId }: OrderIdParams, @CurrentClient() clientId: string) {
    const order = await this.ownOrder(orderId, clientId);
    if (order.subscription.status !== 'active' || !order.subscription.id) {
      throw new DomainError(
        ErrorCode.ORDER_NO_SUBSCRIPTION,
        "Cette commande n'a pas d'abonnement actif.",
        'conflict',
      );
    }
    const returnUrl = `${this.config.PUBLIC_URL}/card-validation-success?status=success&orderId=${orderId}`;
    return {
      checkoutUrl: await this.provider.cardUpdateUrl({
        subscriptionId: order.subscription.id,
        orderId,
        returnUrl,
      }),
    };
  }

  /** Stops renewals at the provider, then records it; the site stays online until the paid period ends. */
  @Post('client/orders/:orderId/cancel-subscription')
  @HttpCode(200)
  async cancelSubscription(
    @Param() { orderId }: OrderIdParams,
    @Body() body: CancelSubscriptionRequestDto,
    @CurrentClient() clientId: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const order = await this.ownOrder(orderId, clientId);
    if (order.subscription.status === 'cancelled') {
      throw new DomainError(
        ErrorCode.ORDER_SUBSCRIPTION_ALREADY_CANCELLED,
        "L'abonnement est déjà annulé.",
        'conflict',
      );
    }
    if (order.subscription.status !== 'active' || !order.subscription.id) {
      throw new DomainError(
        ErrorCode.ORDER_NO_SUBSCRIPTION,
        "Cette commande n'a pas d'abonnement actif.",
        'conflict',
      );
    }
    await this.provider.cancelSubscription(order.subscription.id);
    const outcome = await this.orders.run(
      orderId,
      { type: 'CancelSubscription', reason: body.reason ?? null },
      this.context(clientId, request),
    );
    exposePosition(response, outcome.position);
    const expirationDate = outcome.state.subscription.expiresAt;
    return {
      success: true,
      expirationDate,
      message: `Votre abonnement reste actif jusqu'au ${new Date(expirationDate!).toLocaleDateString('fr-FR')}.`,
    };
  }

  @Post('orders/:orderId/create-invoice')
  @HttpCode(200)
  async createInvoice(@Param() { orderId }: OrderIdParams, @CurrentClient() clientId: string) {
    const order = await this.ownOrder(orderId, clientId);
    return { success: true, invoice: invoiceOf(order) };
  }

  private async finalLink(
    orderId: string,
    purpose: CheckoutPurpose,
    clientId: string,
    request: Request,
    response: Response,
  ) {
    await this.ownOrder(orderId, clientId);
    const link = await this.links.open(orderId, purpose, this.context(clientId, request));
    exposePosition(response, link.position);
    return {
      success: true,
      paymentUrl: link.url,
      message: link.reused
        ? 'Votre lien de paiement est toujours valide.'
        : 'Nouveau lien de paiement généré.',
    };
  }

  private async ownOrder(orderId: string, clientId: string) {
    const order = await this.orders.current(orderId);
    if (!order.exists || order.clientId !== clientId) throw orderNotFound();
    return order;
  }

  private context(clientId: string, request: Request): CommandContext {
    return { actor: { kind: 'client', id: clientId }, ...(request.ip ? { ip: request.ip } : {}) };
  }
}
