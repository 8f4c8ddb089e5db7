import { createHash } from 'node:crypto';
import type pg from 'pg';
import { type RecipientScope } from './email-queue.js';
import { type MailTransport, type OutgoingEmail } from './mail-transport.js';

export interface MailboxEntry {
  readonly id: string;
  readonly to: string;
  readonly subject: string;
  readonly html: string;
  readonly text: string;
  readonly template: string;
  /** The order the email is about, or null. */
  readonly orderId: string | null;
  readonly sentAt: Date;
  /** What was attached: names, types, sizes and SHA-256, not the bytes. */
  readonly attachments: readonly MailboxAttachment[];
}

export interface MailboxAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly size: number;
  readonly sha256: string;
}

interface MailboxRow {
  id: string;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  template: string;
  order_id: string | null;
  sent_at: Date;
  attachments: MailboxAttachment[] | null;
}

/** What the app reads of the dev mailbox beside sending: the email-test page's list, an erasure's forgetting. */
export type DevMailbox = Pick<DevMailboxTransport, 'list' | 'forgetRecipient'>;

/** The dev mailbox when it is the transport (no SMTP_URL), null otherwise. */
export const DEV_MAILBOX = Symbol('DevMailbox');

/**
 * The embedded default with no SMTP server: emails land in a `dev_mailbox` table of the app schema,
 * listed newest first by the email-test page.
 */
export class DevMailboxTransport implements MailTransport {
  readonly mode = 'dev-mailbox';
  private readonly table: string;

  constructor(
    private readonly pool: pg.Pool,
    schema: string,
  ) {
    this.table = `"${schema.replace(/"/g, '""')}".dev_mailbox`;
  }

  async send({
    to,
    subject,
    html,
    text,
    template,
    idempotencyKey,
    orderId,
    attachments = [],
  }: OutgoingEmail): Promise<{ messageId: string }> {
    // A key already delivered gives the earlier email's id, and nothing new in the mailbox.
    const { rows } = await this.pool.query<{ id: string }>(
      `with inserted as (
         insert into ${this.table} (recipient, subject, html, text, template, idempotency_key, order_id, attachments)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict (idempotency_key) do nothing returning id)
       select id from inserted union all select id from ${this.table} where idempotency_key = $6`,
      [
        to,
        subject,
        html,
        text,
        template,
        idempotencyKey ?? null,
        orderId ?? null,
        JSON.stringify(
          attachments.map((a) => {
            const bytes = Buffer.from(a.contentBase64, 'base64');
            return {
              filename: a.filename,
              contentType: a.contentType,
              size: bytes.length,
              sha256: createHash('sha256').update(bytes).digest('hex'),
            };
          }),
        ),
      ],
    );
    if (rows[0]) return { messageId: rows[0].id };
    // The same key inserted by a concurrent send that committed while this statement waited on it:
    // the statement's snapshot predates that row, a new statement sees it.
    const { rows: earlier } = await this.pool.query<{ id: string }>(
      `select id from ${this.table} where idempotency_key = $1`,
      [idempotencyKey],
    );
    return { messageId: earlier[0]!.id };
  }

  async list(limit = 50): Promise<MailboxEntry[]> {
    const { rows } = await this.pool.query<MailboxRow>(
      `select id, recipient, subject, html, text, template, order_id, sent_at, attachments from ${this.table}
       order by sent_at desc, id desc limit $1`,
      [Math.max(1, Math.min(Math.trunc(limit) || 1, 500))],
    );
    return rows.map((row) => ({
      id: row.id,
      to: row.recipient,
      subject: row.subject,
      html: row.html,
      text: row.text,
      template: row.template,
      orderId: row.order_id,
      sentAt: row.sent_at,
      attachments: row.attachments ?? [],
    }));
  }

  /** Deletes the emails sent to `to` (right to be forgotten), within `scope`; returns how many. */
  async forgetRecipient(to: string, { orderId }: RecipientScope = {}): Promise<number> {
    const { rowCount } = await this.pool.query(
      `delete from ${this.table} where lower(recipient) = lower($1)
         and ($2::uuid is null or order_id is null or order_id = $2::uuid)`,
      [to, orderId ?? null],
    );
    return rowCount ?? 0;
  }

  async close(): Promise<void> {}
}
