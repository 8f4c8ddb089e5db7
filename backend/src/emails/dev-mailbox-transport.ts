import { ensureSchema, runDdlOnce } from '@coseso/event-store/postgres/ensure-database';
import type pg from 'pg';
import { type MailTransport, type OutgoingEmail } from './mail-transport.js';

export interface MailboxEntry {
  readonly id: string;
  readonly to: string;
  readonly subject: string;
  readonly html: string;
  readonly text: string;
  readonly template: string;
  readonly sentAt: Date;
}

interface MailboxRow {
  id: string;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  template: string;
  sent_at: Date;
}

/**
 * The embedded default with no SMTP server: emails land in a `dev_mailbox` table of the app schema,
 * listed newest first by the email-test page.
 */
export class DevMailboxTransport implements MailTransport {
  readonly mode = 'dev-mailbox';
  private readonly table: string;
  private ready: Promise<void> | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly schema: string,
  ) {
    this.table = `"${schema.replace(/"/g, '""')}".dev_mailbox`;
  }

  async send({ to, subject, html, text, template }: OutgoingEmail): Promise<{ messageId: string }> {
    await this.ensureTable();
    const { rows } = await this.pool.query<{ id: string }>(
      `insert into ${this.table} (recipient, subject, html, text, template) values ($1, $2, $3, $4, $5) returning id`,
      [to, subject, html, text, template],
    );
    return { messageId: rows[0]!.id };
  }

  async list(limit = 50): Promise<MailboxEntry[]> {
    await this.ensureTable();
    const { rows } = await this.pool.query<MailboxRow>(
      `select id, recipient, subject, html, text, template, sent_at from ${this.table}
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
      sentAt: row.sent_at,
    }));
  }

  async close(): Promise<void> {}

  private ensureTable(): Promise<void> {
    this.ready ??= this.createTable().catch((error: unknown) => {
      this.ready = undefined; // try again on the next call
      throw error;
    });
    return this.ready;
  }

  private async createTable(): Promise<void> {
    await ensureSchema(this.pool, this.schema);
    await runDdlOnce(
      this.pool,
      `dev_mailbox:${this.schema}`,
      `create table if not exists ${this.table} (
         id uuid primary key default gen_random_uuid(),
         recipient text not null,
         subject text not null,
         html text not null,
         text text not null,
         template text not null,
         sent_at timestamptz not null default clock_timestamp()
       );
       create index if not exists dev_mailbox_sent_at on ${this.table} (sent_at desc)`,
    );
  }
}
