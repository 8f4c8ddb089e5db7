import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { DomainError } from '@coseso/domain/shared/domain-error';
import { ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiRefusal, schema } from '../../infra/http/api-schemas.js';
import { Body, Controller, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { type Request, type Response } from 'express';
import { ClientOrder } from '../../accounts/shared/client-order.guard.js';
import { ClientOwnsOrderQuery } from '../../accounts/shared/client-owns-order.query.js';
import { ClientSessionGuard, CurrentClient } from '../../accounts/shared/client-session.guard.js';
import { exposePosition } from '../../infra/http/event-position.js';
import { type CommandContext } from '../../write-side/command-context.js';
import { GetOrderStateQuery } from '../../orders/get-order/get-order-state.query.js';
import { OrderIdParams } from '../../orders/shared/order-id.js';
import { OrderInvoicing } from '../../invoices/issuing/order-invoicing.js';
import { createInvoiceAnswer } from '../../invoices/reading/create-invoice-answer.js';
import { CancelSubscriptionCommand } from '../subscriptions/cancel-subscription.command.js';
import { OpenCardUpdateCommand } from '../subscriptions/open-card-update.command.js';
import {
  CancelSubscriptionRequestDto,
  UpsellAccountManagerRequestDto,
} from './client-payments.request.dto.js';
import { OpenPaymentLinkCommand } from './open-payment-link.command.js';
import { type CheckoutPurpose } from './payment-links.js';
import { orderNotFound } from '../../orders/shared/order-errors.js';

/**
 * The client area's payment calls (spec §7.1): signed-in clients only, and only on their own
 * orders (another client's order answers 404, as if it did not exist).
 */
@ApiTags('Client area: payments')
@Controller('api')
@UseGuards(ClientSessionGuard)
export class ClientPaymentsHttpController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly invoicing: OrderInvoicing,
  ) {}

  /** Yearly plan: the balance link, the open one again when there is one. */
  @ApiAnswer(
    schema.object({ success: schema.boolean(), paymentUrl: schema.string(), message: schema.string() }),
  )
  @Post('orders/:orderId/regenerate-final-payment')
  @HttpCode(200)
  @ClientOrder()
  regenerateFinal(
    @Param() { orderId }: OrderIdParams,
    @CurrentClient() clientId: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.finalLink(orderId, 'balance', clientId, request, response);
  }

  /** Monthly plan: the first month, which starts the subscription. */
  @ApiAnswer(
    schema.object({ success: schema.boolean(), paymentUrl: schema.string(), message: schema.string() }),
  )
  @Post('orders/:orderId/payment-first-month')
  @HttpCode(200)
  @ClientOrder()
  firstMonth(
    @Param() { orderId }: OrderIdParams,
    @CurrentClient() clientId: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.finalLink(orderId, 'first_month', clientId, request, response);
  }

  @ApiAnswer(
    schema.object({ paymentUrl: schema.string('The provider’s checkout page to send the browser to') }),
  )
  @ApiRefusal(404, 'Commande introuvable (ou celle d’un autre client)')
  @Post('orders/upsell-account-manager')
  @HttpCode(200)
  async upsell(
    @Body() body: UpsellAccountManagerRequestDto,
    @CurrentClient() clientId: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    if (!(await this.queries.execute(new ClientOwnsOrderQuery(clientId, body.orderId))))
      throw orderNotFound();
    const link = await this.commands.execute(
      new OpenPaymentLinkCommand(body.orderId, 'account_manager', this.context(clientId, request)),
    );
    exposePosition(response, link.position);
    return { paymentUrl: link.url };
  }

  @ApiAnswer(schema.object({ checkoutUrl: schema.string('The provider’s card page') }))
  @Post('orders/:orderId/payment-card-update')
  @HttpCode(200)
  @ClientOrder()
  cardUpdate(@Param() { orderId }: OrderIdParams) {
    return this.commands.execute(new OpenCardUpdateCommand(orderId));
  }

  /** Stops renewals at the provider, then records it; the site stays online until the paid period ends. */
  @ApiAnswer(
    schema.object({
      success: schema.boolean(),
      expirationDate: schema.nullable(schema.dateTime()),
      message: schema.string(),
    }),
  )
  @Post('client/orders/:orderId/cancel-subscription')
  @HttpCode(200)
  @ClientOrder()
  async cancelSubscription(
    @Param() { orderId }: OrderIdParams,
    @Body() body: CancelSubscriptionRequestDto,
    @CurrentClient() clientId: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const outcome = await this.commands.execute(
      new CancelSubscriptionCommand(orderId, body.reason ?? null, this.context(clientId, request)),
    );
    exposePosition(response, outcome.position);
    const expirationDate = outcome.state.subscription.expiresAt;
    return {
      success: true,
      expirationDate,
      message: `Votre abonnement reste actif jusqu'au ${new Date(expirationDate!).toLocaleDateString('fr-FR')}.`,
    };
  }

  @ApiAnswer(
    schema.object({
      success: schema.boolean(),
      invoice: schema.object({
        number: schema.string('F-YYYY-NNNNNN, the latest invoice issued for the order'),
        kind: schema.string('invoice or deposit_invoice'),
        issueDate: schema.string('YYYY-MM-DD'),
        pdfUrl: schema.string('The PDF (Factur-X), for the signed-in client'),
        orderNumber: schema.integer(),
        customer: schema.object({
          company: schema.string(),
          name: schema.string(),
          email: schema.string(),
          address: schema.string(),
        }),
        lines: schema.array(
          schema.object(
            {
              label: schema.string(),
              description: schema.nullable(schema.string()),
              quantity: schema.number(),
              unit: schema.oneOf(['C62', 'MON', 'ANN'], 'UN/ECE unit: C62 one, MON month, ANN year'),
              unitPrice: schema.integer('Excluding VAT (HT), in euro cents'),
              vatRatePercent: schema.number(),
              totalAmount: schema.integer('quantity × unitPrice, excluding VAT (HT), in euro cents'),
              servicePeriod: schema.object({
                startDate: schema.string('YYYY-MM-DD'),
                endDate: schema.string('YYYY-MM-DD, included'),
              }),
            },
            ['servicePeriod'],
          ),
        ),
        totalWithVat: schema.integer('Including VAT (TTC), in euro cents'),
        totalHT: schema.integer('Excluding VAT (HT), in euro cents'),
        vat: schema.integer('VAT, in euro cents'),
      }),
    }),
  )
  @Post('orders/:orderId/create-invoice')
  @HttpCode(200)
  @ClientOrder()
  async createInvoice(@Param() { orderId }: OrderIdParams) {
    // The latest money event's invoice, issued now if its job has not run yet: once per payment.
    const latest = await this.invoicing.invoiceLatestPayment(orderId);
    if (!latest) {
      throw new DomainError(
        ErrorCode.INVOICE_NOTHING_PAID,
        "Aucun paiement n'est encore enregistré pour cette commande.",
        'conflict',
      );
    }
    return { success: true, invoice: createInvoiceAnswer(latest.document) };
  }

  private async finalLink(
    orderId: string,
    purpose: CheckoutPurpose,
    clientId: string,
    request: Request,
    response: Response,
  ) {
    const link = await this.commands.execute(
      new OpenPaymentLinkCommand(orderId, purpose, this.context(clientId, request)),
    );
    exposePosition(response, link.position);
    return {
      success: true,
      paymentUrl: link.url,
      message: link.reused
        ? 'Votre lien de paiement est toujours valide.'
        : 'Nouveau lien de paiement généré.',
    };
  }

  /** The order from the read model (the client's own: the route's guard checked it). */
  private async order(orderId: string) {
    const order = await this.queries.execute(new GetOrderStateQuery(orderId));
    if (!order) throw orderNotFound();
    return order;
  }

  private context(clientId: string, request: Request): CommandContext {
    return { actor: { kind: 'client', id: clientId }, ...(request.ip ? { ip: request.ip } : {}) };
  }
}
