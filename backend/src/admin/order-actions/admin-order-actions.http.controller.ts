import { type OrderStatus } from '@coseso/domain/orders/order-status';
import { Body, Controller, HttpCode, Param, Patch, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { type Request, type Response } from 'express';
import { ApiAnswer } from '../../infra/http/api-schemas.js';
import { OrderIdParams } from '../../orders/shared/order-id.js';
import { adminContext } from '../../auth/admin-context.js';
import { AdminGuard, AdminRoles } from '../../auth/admin.guard.js';
import { adminCommandAnswer } from '../shared/admin-command-answer.js';
import { ApiConflict, adminCommandAnswer as answerSchema } from '../shared/admin-order.schema.js';
import { RunOrderCommand } from '../shared/run-order-command.command.js';
import { ChangeOrderStatusRequestDto } from './change-order-status.request.dto.js';
import { FinalizeDeliveryRequestDto } from './finalize-delivery.request.dto.js';
import { RecordOfflinePaymentRequestDto } from './record-offline-payment.request.dto.js';
import { RefundPaymentRequestDto } from './refund-payment.request.dto.js';
import { RequestMoreElementsRequestDto } from './request-more-elements.request.dto.js';
import { ValidateBriefRequestDto } from './validate-brief.request.dto.js';

type Command = RunOrderCommand['command'];
type AdminAction = Extract<Command, { type: 'RunAdminAction' }>;

/**
 * The back-office's commands on an order that answer with the order after them (its named actions,
 * the status asked for, a refund, a payment link sent again): each route only says which order
 * command and what of its body it passes on; the rules are the decider's, run by
 * RunOrderCommandHandler. Admins only.
 */
@ApiTags('Back-office')
@Controller('api')
@UseGuards(AdminGuard)
@AdminRoles('admin')
export class AdminOrderActionsHttpController {
  constructor(private readonly commands: CommandBus) {}

  private async run(orderId: string, command: Command, request: Request, response: Response) {
    const outcome = await this.commands.execute(new RunOrderCommand(orderId, command, adminContext(request)));
    return adminCommandAnswer(response, outcome);
  }

  /** A named action of the back-office's list (admin-actions.ts), decided as the command it means on the order then. */
  private act(
    orderId: string,
    action: AdminAction['action'],
    input: AdminAction['input'],
    request: Request,
    response: Response,
  ) {
    return this.run(orderId, { type: 'RunAdminAction', action, input }, request, response);
  }

  /**
   * Moves the order along the transition table (docs/architecture.md §4): contract_signed (sign once paid, or force
   * with a reason), brief_pending (open the brief, ask for more elements, reactivate), in_progress
   * (start production; a correction from en_revision or awaiting_*), en_revision (review URL; changes
   * done), awaiting_balance_payment / awaiting_first_monthly_payment (once approved), ready_for_delivery
   * (offline payment), delivered (deliveryUrl), cancelled, brief (correction). Anything else: 409.
   */
  @ApiAnswer(answerSchema, 'Statut mis à jour')
  @ApiConflict()
  @Patch('admin/orders/:orderId/status')
  changeStatus(
    @Param() { orderId }: OrderIdParams,
    @Body() body: ChangeOrderStatusRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const input = {
      reviewUrl: body.reviewUrl ?? null,
      adminNote: body.adminNote ?? null,
      reason: body.reason ?? null,
      deliveryUrl: body.deliveryUrl ?? null,
      paymentReference: body.paymentReference ?? null,
      paymentDate: body.paymentDate ?? null,
      paymentMeans: body.paymentMeans ?? null,
      refund: body.refund ?? null,
    };
    const status = body.status as OrderStatus;
    return this.run(orderId, { type: 'ChangeOrderStatus', status, input }, request, response);
  }

  /** Validates the submitted brief (status brief), recording the date, the notes and the admin: production can start. */
  @ApiAnswer(answerSchema, 'Brief validé')
  @Post('orders/:orderId/validate-brief')
  @HttpCode(200)
  validateBrief(
    @Param() { orderId }: OrderIdParams,
    @Body() body: ValidateBriefRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.act(orderId, 'validate_brief', { notes: body.notes ?? '' }, request, response);
  }

  /** brief → brief_pending: the client is asked for more elements, with this message. */
  @ApiAnswer(answerSchema, 'Demande envoyée')
  @Post('admin/orders/:orderId/request-more-elements')
  @HttpCode(200)
  requestMoreElements(
    @Param() { orderId }: OrderIdParams,
    @Body() body: RequestMoreElementsRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.act(orderId, 'request_more_elements', { notes: body.notes }, request, response);
  }

  /**
   * A payment received outside the card provider, with its reference and day: the first payment
   * while the order waits for it (the client's account, contract and emails follow, as after a
   * card payment), else the balance (yearly) or the first month (monthly), after which the order is
   * ready for delivery. A first month paid this way starts no subscription: nothing renews it.
   */
  @ApiAnswer(answerSchema, 'Paiement enregistré')
  @Post('admin/orders/:orderId/offline-payment')
  @HttpCode(200)
  recordOfflinePayment(
    @Param() { orderId }: OrderIdParams,
    @Body() body: RecordOfflinePaymentRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const payment = {
      paymentReference: body.reference,
      paymentDate: body.receivedOn,
      paymentMeans: body.means,
    };
    return this.act(orderId, 'record_offline_payment', payment, request, response);
  }

  /** ready_for_delivery → delivered, with the site's URL; the client is told by email. */
  @ApiAnswer(answerSchema, 'Livraison confirmée')
  @Post('admin/orders/:orderId/finalize-delivery')
  @HttpCode(200)
  finalizeDelivery(
    @Param() { orderId }: OrderIdParams,
    @Body() body: FinalizeDeliveryRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.act(orderId, 'finalize_delivery', { deliveryUrl: body.deliveryUrl }, request, response);
  }

  /**
   * awaiting_balance_payment / awaiting_first_monthly_payment: the client is emailed the way to pay
   * again (recorded as PaymentLinkResent); 409 in any other status.
   */
  @ApiAnswer(answerSchema, 'Lien de paiement renvoyé')
  @Post('admin/orders/:orderId/resend-payment-link')
  @HttpCode(200)
  resendPaymentLink(
    @Param() { orderId }: OrderIdParams,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.run(orderId, { type: 'ResendPaymentLink' }, request, response);
  }

  /**
   * « Rembourser »: part or all of what is left of a card payment of the order, for a reason. The
   * provider is asked afterwards (retried; a failure shows on the order), and its report of the refund
   * credits the payment's invoice. A payment received by hand is refused: it is given back by hand.
   */
  @ApiAnswer(answerSchema, 'Remboursement demandé au prestataire')
  @Post('admin/orders/:orderId/refunds')
  @HttpCode(200)
  refund(
    @Param() { orderId }: OrderIdParams,
    @Body() body: RefundPaymentRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { paymentId, amount, reason } = body;
    return this.run(orderId, { type: 'RequestRefund', paymentId, amount, reason }, request, response);
  }
}
