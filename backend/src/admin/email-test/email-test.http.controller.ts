import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { DomainError } from '@coseso/domain/shared/domain-error';
import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { EmailService } from '../../emails/email-service.js';
import { OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { OrderIdParams } from '../../orders/shared/order-id.js';
import { AdminGuard, AdminRoles } from '../auth/admin.guard.js';
import { MailboxQueryDto, SendTestEmailRequestDto } from './email-test.request.dto.js';
import { orderNotFound } from '../../orders/shared/order-errors.js';

/** The /email-test page's calls (spec §7.3), back-office only (DESIGN §8). */
@Controller('api/test')
@UseGuards(AdminGuard)
export class EmailTestHttpController {
  constructor(
    private readonly emails: EmailService,
    private readonly orders: OrderCommandRunner,
  ) {}

  @Get('email')
  status() {
    return this.emails.status();
  }

  @Post('email/send')
  @HttpCode(200)
  @AdminRoles('admin')
  async send(@Body() body: SendTestEmailRequestDto) {
    await this.emails.send(
      'test-email',
      body.email,
      { sentAt: new Date().toISOString() },
      `test:${randomUUID()}`,
    );
    return { success: true, message: `Email de test envoyé à ${body.email}` };
  }

  /**
   * Sends the order's contract email again, to its contact. Only once the contract exists (made
   * after the first payment, with the client's account): before, the email would promise a
   * contract and a client area that are not there.
   */
  @Post('contract-email/:orderId')
  @HttpCode(200)
  @AdminRoles('admin')
  async contractEmail(@Param() { orderId }: OrderIdParams) {
    const order = await this.orders.current(orderId);
    if (!order.exists) throw orderNotFound();
    if (!order.contract.issuedSha256)
      throw new DomainError(
        ErrorCode.CONTRACT_NOT_ISSUED,
        "Le contrat de cette commande n'existe pas encore : il est établi après le premier paiement.",
        'conflict',
      );
    const to = order.form.contactEmail;
    if (!to)
      return {
        success: false,
        message: "Cette commande n'a pas d'email de contact.",
        order: { id: orderId },
      };
    await this.emails.send(
      'contract-to-sign',
      to,
      {
        orderNumber: order.orderNumber,
        companyName: order.form.companyName || `Commande #${order.orderNumber}`,
        firstName: order.form.contactFirstName,
        contractUrl: `/contract/${orderId}`,
      },
      `test-contract:${randomUUID()}`,
    );
    return { success: true, message: `Email de contrat envoyé à ${to}`, order: { id: orderId } };
  }

  /**
   * The dev mailbox (DESIGN §7): what would have been sent, newest first. Admins only: it holds
   * live set-password and reset links, which a read-only auditor must not be able to use.
   */
  @Get('mailbox')
  @AdminRoles('admin')
  async mailbox(@Query() query: MailboxQueryDto) {
    return { mode: this.emails.status().mode, emails: await this.emails.mailbox(query.limit) };
  }
}
