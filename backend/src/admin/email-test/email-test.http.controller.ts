import { ApiTags } from '@nestjs/swagger';
import { ApiAnswer, schema } from '../../infra/http/api-schemas.js';
import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { EmailService } from '../../emails/email-service.js';
import { OrderIdParams } from '../../orders/shared/order-id.js';
import { AdminGuard, AdminRoles } from '../../auth/admin.guard.js';
import { MailboxQueryDto, SendTestEmailRequestDto } from './email-test.request.dto.js';
import { SendContractEmailCommand } from './send-contract-email.command.js';

/** The /email-test page's calls (spec §7.3), back-office only. */
@ApiTags('Back-office')
@Controller('api/test')
@UseGuards(AdminGuard)
export class EmailTestHttpController {
  constructor(
    private readonly emails: EmailService,
    private readonly commands: CommandBus,
  ) {}

  @ApiAnswer(
    schema.object({
      configured: schema.boolean(),
      mode: schema.oneOf(['smtp', 'dev-mailbox']),
      message: schema.string(),
    }),
  )
  @Get('email')
  status() {
    return this.emails.status();
  }

  @ApiAnswer(schema.object({ success: schema.boolean(), message: schema.string() }))
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
  @ApiAnswer(
    schema.object({
      success: schema.boolean(),
      message: schema.string(),
      order: schema.object({ id: schema.string() }),
    }),
  )
  @Post('contract-email/:orderId')
  @HttpCode(200)
  @AdminRoles('admin')
  contractEmail(@Param() { orderId }: OrderIdParams) {
    return this.commands.execute(new SendContractEmailCommand(orderId));
  }

  /**
   * The dev mailbox (the email transport when no SMTP_URL is set): what would have been sent, newest first. Admins only: it holds
   * live set-password and reset links, which a read-only auditor must not be able to use.
   */
  @ApiAnswer(
    schema.object({
      mode: schema.oneOf(['smtp', 'dev-mailbox']),
      emails: schema.array(
        schema.object({
          id: schema.string(),
          to: schema.string(),
          subject: schema.string(),
          html: schema.string(),
          text: schema.string(),
          template: schema.string(),
          orderId: schema.nullable(schema.string('The order the email is about, if any')),
          sentAt: schema.dateTime(),
          attachments: schema.array(
            schema.object({
              filename: schema.string(),
              contentType: schema.string(),
              size: schema.integer('Bytes'),
              sha256: schema.string('Of the bytes, hex'),
            }),
            'What was attached: names, types, sizes and SHA-256, not the bytes',
          ),
        }),
      ),
    }),
  )
  @Get('mailbox')
  @AdminRoles('admin')
  async mailbox(@Query() query: MailboxQueryDto) {
    return { mode: this.emails.status().mode, emails: await this.emails.mailbox(query.limit) };
  }
}
