import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { type OrderState } from '@coseso/domain/orders/order-state';
import { Body, Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { exposePosition } from '../../infra/http/event-position.js';
import { RateLimit, RateLimitGuard } from '../../infra/http/rate-limit.js';
import { visitorContext } from '../../infra/http/request-context.js';
import { OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { OrderIdParams } from '../../orders/shared/order-id.js';
import { type CheckoutPurpose, PaymentLinks } from './payment-links.js';
import {
  FinalizePaymentRequestDto,
  PaymentRequestDto,
  PaymentStatusParams,
} from './payment-links.request.dto.js';
import { orderNotFound } from '../../orders/shared/order-errors.js';

/** How long finalize-payment waits for the provider's webhook before answering with what it has. */
const FINALIZE_WAIT_MS = 10_000;

/** Which flag of the order a result page's `type` is about (spec §4 payment types). */
function isPaid(order: OrderState, paymentType: string | undefined): boolean {
  switch (paymentType) {
    case 'balance':
    case 'final':
    case 'final_payment':
    case 'first_month':
      return order.finalPaid;
    case 'account_manager':
      return order.accountManager;
    default:
      return order.depositPaid;
  }
}

/**
 * The public journey's payment calls (spec §7): the order is reached by its secret id, as in the
 * wizard. Each answers with the provider's page to send the browser to.
 */
@Controller('api')
export class PaymentLinksHttpController {
  constructor(
    private readonly links: PaymentLinks,
    private readonly orders: OrderCommandRunner,
  ) {}

  @Post('orders/:orderId/payment-annual')
  @UseGuards(RateLimitGuard)
  @RateLimit('paymentLink')
  @HttpCode(200)
  async annual(
    @Param() { orderId }: OrderIdParams,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    return { paymentUrl: await this.link(orderId, 'deposit', request, response) };
  }

  @Post('orders/:orderId/payment-monthly')
  @UseGuards(RateLimitGuard)
  @RateLimit('paymentLink')
  @HttpCode(200)
  async monthly(
    @Param() { orderId }: OrderIdParams,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    return { paymentUrl: await this.link(orderId, 'setup_fee', request, response) };
  }

  @Post('orders/:orderId/payment')
  @UseGuards(RateLimitGuard)
  @RateLimit('paymentLink')
  @HttpCode(200)
  async payment(
    @Param() { orderId }: OrderIdParams,
    @Body() body: PaymentRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const purpose = body.type === 'deposit' ? 'deposit' : 'setup_fee';
    return { checkoutUrl: await this.link(orderId, purpose, request, response) };
  }

  /**
   * The result page's confirmation: the provider's webhook is what records a payment, so this waits
   * (a few seconds at most) for the order to show it, then says where the order stands.
   */
  @Post('orders/:orderId/finalize-payment')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('paymentResult')
  async finalize(@Param() { orderId }: OrderIdParams, @Body() body: FinalizePaymentRequestDto) {
    const deadline = Date.now() + FINALIZE_WAIT_MS;
    let order = await this.orders.current(orderId);
    if (!order.exists) throw orderNotFound();
    while (!isPaid(order, body.paymentType) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      order = await this.orders.current(orderId);
    }
    const paid = isPaid(order, body.paymentType);
    return {
      success: paid,
      message: paid ? 'Paiement confirmé' : 'Paiement en cours de confirmation',
      depositPaid: order.depositPaid,
      finalPaid: order.finalPaid,
      status: order.status,
    };
  }

  /** paid, open, failed, canceled or expired (spec §4); 502 when the provider cannot tell now. */
  @Get(':provider/payment/:paymentId')
  @UseGuards(RateLimitGuard)
  @RateLimit('paymentResult')
  async status(
    @Param() { provider, paymentId }: PaymentStatusParams,
    @Res({ passthrough: true }) response: Response,
  ) {
    const status = await this.links.status(provider, paymentId);
    if (status === null) {
      response.status(provider === this.links.providerName ? 502 : 404);
      return { message: 'Statut du paiement indisponible', code: ErrorCode.PAYMENT_STATUS_UNAVAILABLE };
    }
    return { status };
  }

  private async link(orderId: string, purpose: CheckoutPurpose, request: Request, response: Response) {
    const link = await this.links.open(orderId, purpose, visitorContext(request));
    exposePosition(response, link.position);
    return link.url;
  }
}
