import nodemailer, { type Transporter } from 'nodemailer';
import { type MailTransport, type OutgoingEmail, PermanentDeliveryError } from './mail-transport.js';

export const DEFAULT_MAIL_FROM = 'Coseso <contact@coseso.fr>';

export interface SmtpMailTransportOptions {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465; credentials percent-encoded. */
  readonly url: string;
  readonly from?: string;
  /** How long to wait for the server at each stage, in ms. */
  readonly timeoutMs?: number;
}

/** Sends through any SMTP server with nodemailer. */
export class SmtpMailTransport implements MailTransport {
  readonly mode = 'smtp';
  private readonly transporter: Transporter;

  constructor({ url, from = DEFAULT_MAIL_FROM, timeoutMs = 15_000 }: SmtpMailTransportOptions) {
    // A job that hangs holds its lock; better fail and let the queue retry.
    this.transporter = nodemailer.createTransport(
      { url, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs * 2 },
      { from },
    );
  }

  async send({
    to,
    subject,
    html,
    text,
    template,
    attachments = [],
  }: OutgoingEmail): Promise<{ messageId: string }> {
    const info = await this.transporter
      .sendMail({
        to,
        subject,
        html,
        text,
        headers: { 'X-Coseso-Template': template },
        attachments: attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.contentBase64, 'base64'),
        })),
      })
      .catch((error: Error & { responseCode?: number }) => {
        const code = error.responseCode ?? 0;
        throw code >= 500 && code < 600 ? new PermanentDeliveryError(error.message) : error;
      });
    return { messageId: String(info.messageId) };
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}

/** "host:port" of an SMTP URL, for people to read: never its credentials. */
export function describeSmtpServer(url: string): string {
  try {
    const parsed = new URL(url);
    const port = parsed.port || (parsed.protocol === 'smtps:' ? '465' : '587');
    return `${parsed.hostname}:${port}`;
  } catch {
    return 'adresse SMTP illisible';
  }
}
