import { Body, Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { type Request, type Response } from 'express';
import { type AnswerOf, ApiAnswer, schema } from '../../infra/http/api-schemas.js';
import { OrderIdParams } from '../../orders/shared/order-id.js';
import { adminContext } from '../../auth/admin-context.js';
import { AdminGuard, AdminRoles } from '../../auth/admin.guard.js';
import { adminCommandAnswer } from '../shared/admin-command-answer.js';
import { adminCommandAnswer as answerSchema } from '../shared/admin-order.schema.js';
import { CorrectContactEmailCommand } from './correct-contact-email.command.js';
import { CorrectContactEmailRequestDto } from './correct-contact-email.request.dto.js';
import { OrderSentEmails } from './sent-emails.js';

/** The emails the order sent its contact: the SPA's `SentEmail` comes from it, through the document. */
const sentEmailsSchema = schema.object({
  emails: schema.array(
    schema.object({
      eventId: schema.string('The event the email told: what `resend` names'),
      template: schema.string(),
      label: schema.string('Which email, in French'),
      sentAt: schema.dateTime(),
      suggested: schema.boolean(
        'Ticked at first: the latest of its kind, which the client must still act on',
      ),
    }),
  ),
});

@ApiTags('Back-office')
@Controller('api/admin/orders')
@UseGuards(AdminGuard)
@AdminRoles('admin')
export class CorrectContactEmailHttpController {
  constructor(
    private readonly commands: CommandBus,
    private readonly sent: OrderSentEmails,
  ) {}

  /** The emails the order sent its contact, newest first: what a correction may send again. */
  @ApiAnswer(sentEmailsSchema)
  @Get(':orderId/sent-emails')
  async sentEmails(@Param() { orderId }: OrderIdParams): Promise<AnswerOf<typeof sentEmailsSchema>> {
    return { emails: await this.sent.list(orderId) };
  }

  /**
   * The contact's address was wrong or no longer reaches the client: the order's emails go to the
   * new one, the client account (if any) signs in with it, and an account without a password yet
   * gets its account email again there, with a fresh link; the emails chosen among those already
   * sent (`resend`) go again to the new address.
   */
  @ApiAnswer(answerSchema, 'Email du contact corrigé')
  @Post(':orderId/contact-email')
  @HttpCode(200)
  async correct(
    @Param() { orderId }: OrderIdParams,
    @Body() body: CorrectContactEmailRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const outcome = await this.commands.execute(
      new CorrectContactEmailCommand(
        orderId,
        body.email,
        body.reason,
        adminContext(request),
        body.resend ?? [],
      ),
    );
    return adminCommandAnswer(response, outcome);
  }
}
