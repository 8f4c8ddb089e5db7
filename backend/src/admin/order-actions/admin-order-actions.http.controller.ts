import { Body, Controller, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { type Request, type Response } from 'express';
import { ApiAnswer } from '../../infra/http/api-schemas.js';
import { OrderIdParams } from '../../orders/shared/order-id.js';
import { adminContext } from '../../auth/admin-context.js';
import { AdminGuard, AdminRoles } from '../../auth/admin.guard.js';
import { adminCommandAnswer } from '../shared/admin-command-answer.js';
import { adminCommandAnswer as answerSchema } from '../shared/admin-order.schema.js';
import { RunAdminActionCommand } from '../shared/run-admin-action.command.js';
import { FinalizeDeliveryRequestDto } from './finalize-delivery.request.dto.js';
import { RecordOfflinePaymentRequestDto } from './record-offline-payment.request.dto.js';
import { RequestMoreElementsRequestDto } from './request-more-elements.request.dto.js';
import { ValidateBriefRequestDto } from './validate-brief.request.dto.js';

type Action = RunAdminActionCommand['action'];
type Input = RunAdminActionCommand['input'];

/**
 * The back-office's named actions on an order that take a form and answer with the order after them:
 * each route only says which action and what of its body it passes on; the rules are the domain's
 * (admin-actions.ts), run by RunAdminActionHandler. Admins only.
 */
@ApiTags('Back-office')
@Controller('api')
@UseGuards(AdminGuard)
@AdminRoles('admin')
export class AdminOrderActionsHttpController {
  constructor(private readonly commands: CommandBus) {}

  private async run(orderId: string, action: Action, input: Input, request: Request, response: Response) {
    const outcome = await this.commands.execute(
      new RunAdminActionCommand(orderId, action, input, adminContext(request)),
    );
    return adminCommandAnswer(response, outcome);
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
    return this.run(orderId, 'validate_brief', { notes: body.notes ?? '' }, request, response);
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
    return this.run(orderId, 'request_more_elements', { notes: body.notes }, request, response);
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
    return this.run(orderId, 'record_offline_payment', payment, request, response);
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
    return this.run(orderId, 'finalize_delivery', { deliveryUrl: body.deliveryUrl }, request, response);
  }
}
