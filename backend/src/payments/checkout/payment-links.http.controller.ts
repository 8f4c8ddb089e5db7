import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { type AnswerOf, ApiAnswer, schema } from '../../infra/http/api-schemas.js';
import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { type OrderState } from '@coseso/domain/orders/order-state';
import { ProjectionWaiter } from '@coseso/projections/projection-waiter';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { type Request, type Response } from 'express';
import { type AppConfig } from '../../config/app-config.js';
import { exposePosition } from '../../infra/http/event-position.js';
import { APP_CONFIG } from '../../infra/tokens.js';
import { RateLimit, RateLimitGuard } from '../../infra/http/rate-limit.js';
import { visitorContext } from '../../auth/client-context.js';
import { GetOrderStateQuery } from '../../orders/get-order/get-order-state.query.js';
import { OrderIdParams } from '../../orders/shared/order-id.js';
import { OpenPaymentLinkCommand } from './open-payment-link.command.js';
import { type CheckoutPurpose, PaymentLinks } from './payment-links.js';
import {
  FinalizePaymentRequestDto,
  PaymentRequestDto,
  PaymentStatusParams,
} from './payment-links.request.dto.js';
import { orderNotFound } from '../../orders/shared/order-errors.js';

/**
 * How long finalize-payment waits for the provider's webhook before answering with what it has (the
 * result page asks again every 3 s while the payment is being confirmed).
 */
const FINALIZE_WAIT_MS = 3_000;

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

/** The first payment's link: the SPA's `PaymentCreated` comes from it, through the document. */
const paymentLinkSchema = schema.object({
  paymentUrl: schema.string('The provider’s checkout page to send the browser to'),
});

/**
 * The public journey's payment calls (spec §7): the order is reached by its secret id, as in the
 * wizard. Each answers with the provider's page to send the browser to.
 */
@ApiTags('Ordering: payments')
@Controller('api')
export class PaymentLinksHttpController {
  constructor(
    private readonly links: PaymentLinks,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @ApiAnswer(paymentLinkSchema)
  @Post('orders/:orderId/payment-annual')
  @UseGuards(RateLimitGuard)
  @RateLimit('paymentLink')
  @HttpCode(200)
  async annual(
    @Param() { orderId }: OrderIdParams,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AnswerOf<typeof paymentLinkSchema>> {
    return { paymentUrl: await this.link(orderId, 'deposit', request, response) };
  }

  @ApiAnswer(paymentLinkSchema)
  @Post('orders/:orderId/payment-monthly')
  @UseGuards(RateLimitGuard)
  @RateLimit('paymentLink')
  @HttpCode(200)
  async monthly(
    @Param() { orderId }: OrderIdParams,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AnswerOf<typeof paymentLinkSchema>> {
    return { paymentUrl: await this.link(orderId, 'setup_fee', request, response) };
  }

  @ApiAnswer(schema.object({ checkoutUrl: schema.string('The provider’s checkout page') }))
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
   * (3 s at most) for the order's read model to show it, looking again only when the order views'
   * projector announces a batch, then says where the order stands. A payment the order refused (its
   * link was stale: the order changed meanwhile) is refunded: the answer says so.
   */
  @ApiAnswer(
    schema.object({
      success: schema.boolean(),
      refunded: schema.boolean('The payment of `paymentId` was refused by the order and refunded'),
      message: schema.string(),
      depositPaid: schema.boolean(),
      finalPaid: schema.boolean(),
      status: schema.string(),
    }),
  )
  @Post('orders/:orderId/finalize-payment')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('paymentResult')
  async finalize(@Param() { orderId }: OrderIdParams, @Body() body: FinalizePaymentRequestDto) {
    const read = () => this.queries.execute(new GetOrderStateQuery(orderId));
    const refunded = (order: OrderState) =>
      body.paymentId !== undefined &&
      (order.refunds ?? []).some((refund) => refund.payment.paymentId === body.paymentId);
    const settled = (order: OrderState) => isPaid(order, body.paymentType) || refunded(order);
    // An order the read model does not show yet may be a moment behind the log.
    let order =
      (await read()) ??
      ((await this.waiter.waitForCatchUp('order-views', this.config.READ_YOUR_WRITES_WAIT_MS))
        ? await read()
        : null);
    if (!order) throw orderNotFound();
    if (!settled(order)) {
      const now = await this.waiter.waitUntilNotified(
        'order-views',
        async () => {
          const current = await read();
          return current && settled(current) ? current : null;
        },
        FINALIZE_WAIT_MS,
      );
      order = now ?? order;
    }
    const paid = isPaid(order, body.paymentType);
    const wasRefunded = !paid && refunded(order);
    return {
      success: paid,
      refunded: wasRefunded,
      message: paid
        ? 'Paiement confirmé'
        : wasRefunded
          ? 'Paiement remboursé : la commande a changé pendant le paiement'
          : 'Paiement en cours de confirmation',
      depositPaid: order.depositPaid,
      finalPaid: order.finalPaid,
      status: order.status,
    };
  }

  /** paid, open, failed, canceled or expired (spec §4), or refunded; 502 when the provider cannot tell now. */
  @ApiAnswer(
    schema.object({ status: schema.oneOf(['paid', 'open', 'failed', 'canceled', 'expired', 'refunded']) }),
  )
  @ApiResponse({ status: 502, description: 'The provider cannot tell now', schema: schema.ref('ApiError') })
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
    const link = await this.commands.execute(
      new OpenPaymentLinkCommand(orderId, purpose, visitorContext(request)),
    );
    exposePosition(response, link.position);
    return link.url;
  }
}
