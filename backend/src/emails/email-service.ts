import { type BeforeApplicationShutdown, Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { ERASED } from '@coseso/event-schemas/personal-fields';
import { isValidEmail, normalizeEmailAddress } from '@coseso/domain/shared/email-address';
import { DEV_MAILBOX, type DevMailbox, type MailboxEntry } from './dev-mailbox-transport.js';
import { type EmailJob, EmailQueue, type GivenUpEmail, type RecipientScope } from './email-queue.js';
import {
  type EmailData,
  type EmailTemplateName,
  InvalidEmailDataError,
  parseEmailData,
} from './email-templates.js';
import { MAIL_TRANSPORT, type MailMode, type MailTransport } from './mail-transport.js';
import { describeSmtpServer } from './smtp-mail-transport.js';
import { EMAILS_OPTIONS, type EmailsModuleOptions } from './emails-options.js';

export interface EmailStatus {
  /** Whether emails really leave (SMTP); false with the dev mailbox. */
  readonly configured: boolean;
  readonly mode: MailMode;
  /** For the email-test page, in French. */
  readonly message: string;
}

/** Sends the product's emails: checked at once, rendered and delivered by a worker, retried there. */
@Injectable()
export class EmailService implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Emails');

  constructor(
    private readonly queue: EmailQueue,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    @Inject(EMAILS_OPTIONS) private readonly options: EmailsModuleOptions,
    @Optional() @Inject(DEV_MAILBOX) private readonly devMailbox: DevMailbox | null = null,
  ) {}

  /**
   * Enqueues `template` for `to`. The same idempotency key (e.g. `${event.id}:${template}`) sends once.
   * Throws InvalidEmailDataError at once when the data does not fit the template. `about.orderId`
   * names the order the email is about, for the erasure of that order's contact.
   */
  async send<N extends EmailTemplateName>(
    template: N,
    to: string,
    data: EmailData<N>,
    idempotencyKey: string,
    about: Pick<EmailJob, 'orderId' | 'attachments'> = {},
  ): Promise<void> {
    // An erased client's address reads ERASED: there is nobody left to write to.
    if (to === ERASED) {
      this.logger.log({ msg: 'email not sent: its recipient was erased', template });
      return;
    }
    // The one address rule the forms and the API apply: what they accepted is sent.
    if (!isValidEmail(to)) throw new InvalidEmailDataError(`Email "${template}": bad recipient`);
    await this.queue.add(
      {
        template,
        to: normalizeEmailAddress(to),
        data: parseEmailData(template, data),
        ...(about.orderId && { orderId: about.orderId }),
        ...(about.attachments?.length && { attachments: about.attachments }),
      },
      idempotencyKey,
    );
  }

  /**
   * `listener` hears of each email the queue gives up on (every retry failed), in worker processes,
   * once per email: e.g. to record it on its order.
   */
  onGivenUp(listener: (email: GivenUpEmail) => Promise<void>): void {
    this.queue.onGivenUp(listener);
  }

  status(): EmailStatus {
    if (this.transport.mode === 'smtp')
      return {
        configured: true,
        mode: 'smtp',
        message: `Envoi par SMTP (${describeSmtpServer(this.options.smtpUrl ?? '')})`,
      };
    return {
      configured: false,
      mode: 'dev-mailbox',
      message: 'Mode développement : les emails sont enregistrés dans la boîte de test',
    };
  }

  /**
   * Forgets everything kept about emails to `to` (right to be forgotten): the jobs still in Redis,
   * queued or kept after sending, and the dev mailbox's copies; within `scope`, only those about one
   * order or about none. Mail already sent by SMTP is gone.
   */
  async forgetRecipient(to: string, scope: RecipientScope = {}): Promise<{ jobs: number; mailbox: number }> {
    const jobs = await this.queue.removeJobsTo(to, scope);
    const mailbox = (await this.devMailbox?.forgetRecipient(to, scope)) ?? 0;
    return { jobs, mailbox };
  }

  /** The latest emails of the dev mailbox, newest first; none in SMTP mode. */
  async mailbox(limit = 50): Promise<MailboxEntry[]> {
    return this.devMailbox ? this.devMailbox.list(limit) : [];
  }

  // Before InfraModule ends the Postgres pool (onApplicationShutdown), which the dev mailbox writes to.
  async beforeApplicationShutdown(): Promise<void> {
    await this.queue.close().catch((error: unknown) => this.logger.error(error));
    await this.transport.close().catch((error: unknown) => this.logger.error(error));
  }
}
