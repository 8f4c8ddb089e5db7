/** An email ready to go: rendered, addressed, named after its template for the logs and the dev mailbox. */
export interface OutgoingEmail {
  readonly to: string;
  readonly subject: string;
  readonly html: string;
  readonly text: string;
  readonly template: string;
  /**
   * The email job's id: a transport that can (the dev mailbox) delivers a key once, so that a job
   * run a second time (after its worker lost Redis) sends nothing more.
   */
  readonly idempotencyKey?: string;
  /** The order the email is about, if any: erasing that order's contact forgets the email. */
  readonly orderId?: string;
  readonly attachments?: readonly EmailAttachment[];
}

/** A file sent with an email (a receipt's invoice PDF); its bytes in base64, as they travel through Redis. */
export interface EmailAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly contentBase64: string;
}

export type MailMode = 'smtp' | 'dev-mailbox';

/**
 * The mail server refused the email for good (an SMTP 5xx, e.g. « 550 no such mailbox »): sending it
 * again would get the same answer, so the queue gives up at once instead of retrying for an hour.
 */
export class PermanentDeliveryError extends Error {
  override readonly name = 'PermanentDeliveryError';
}

/**
 * Where emails go. Two adapters: SMTP (nodemailer) when SMTP_URL is set, otherwise the dev mailbox,
 * a Postgres table shown by the email-test page.
 */
export interface MailTransport {
  readonly mode: MailMode;
  send(message: OutgoingEmail): Promise<{ messageId: string }>;
  close(): Promise<void>;
}

export const MAIL_TRANSPORT = Symbol('MailTransport');
