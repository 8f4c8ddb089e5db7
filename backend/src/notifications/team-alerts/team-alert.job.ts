import { type Clock } from '@coseso/domain/shared/clock';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type pg from 'pg';
import { type AppConfig } from '../../config/app-config.js';
import { EmailService } from '../../emails/email-service.js';
import { JobQueue } from '../../infra/jobs/job-queue.js';
import { APP_CONFIG, CLOCK, PG_POOL } from '../../infra/tokens.js';
import { OrderCommandRunner } from '../../write-side/order-command-runner.js';

const DIGEST_GRACE_MS = 5_000;

/** The back-office's page of an order, where the team acts on the alert. */
export const backOfficeOrderPath = (orderId: string) => `/admin?order=${orderId}`;

/**
 * Tells the team's address (TEAM_ALERTS_TO) what a client did, in the email queue, keyed by the
 * event (decision 127). `each`: one email per event, at once. `digest`: the alert is kept in
 * `team_alerts` for the window it arrived in (once per event: a replay finds its row and its
 * window), and one delayed job per window, keyed by its end, sends them all in one email then.
 */
@Injectable()
export class TeamAlertJobs implements OnModuleInit {
  private readonly logger = new Logger('TeamAlerts');

  constructor(
    private readonly jobs: JobQueue,
    private readonly orders: OrderCommandRunner,
    private readonly emails: EmailService,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private get table() {
    return `"${this.config.DATABASE_SCHEMA}".team_alerts`;
  }

  private get windowMs() {
    return this.config.TEAM_ALERTS_DIGEST_MINUTES * 60_000;
  }

  onModuleInit(): void {
    this.jobs.register('team-alert', (alert) =>
      this.config.TEAM_ALERTS === 'digest' ? this.keep(alert) : this.tellOne(alert),
    );
    this.jobs.register('team-alert-digest', ({ windowEnd }) => this.tellDigest(windowEnd));
  }

  private async alertOf(orderId: string, title: string, what: string) {
    const order = await this.orders.current(orderId);
    return {
      orderNumber: order.orderNumber,
      companyName: order.form.companyName || `Commande #${order.orderNumber}`,
      title,
      what,
      orderUrl: backOfficeOrderPath(orderId),
    };
  }

  private async tellOne({
    orderId,
    eventId,
    title,
    what,
  }: {
    orderId: string;
    eventId: string;
    title: string;
    what: string;
  }) {
    await this.emails.send(
      'team-alert',
      this.config.TEAM_ALERTS_TO,
      { alerts: [await this.alertOf(orderId, title, what)] },
      `team-alert:${eventId}`,
      { orderId },
    );
    this.logger.log({ msg: 'team alert sent', orderId, title });
  }

  private async keep({
    orderId,
    eventId,
    title,
    what,
  }: {
    orderId: string;
    eventId: string;
    title: string;
    what: string;
  }) {
    const now = this.clock.now().getTime();
    const windowEnd = new Date((Math.floor(now / this.windowMs) + 1) * this.windowMs);
    // Once per event: a replay keeps the window its first run chose.
    await this.pool.query(
      `insert into ${this.table} (event_id, order_id, title, what, recorded_at, window_end)
       values ($1, $2, $3, $4, $5, $6) on conflict (event_id) do nothing`,
      [eventId, orderId, title, what, new Date(now), windowEnd],
    );
    const { rows } = await this.pool.query<{ window_end: Date }>(
      `select window_end from ${this.table} where event_id = $1`,
      [eventId],
    );
    const end = rows[0]!.window_end;
    await this.jobs.enqueue(
      'team-alert-digest',
      { windowEnd: end.toISOString() },
      // A few seconds after the window's end: an alert kept at its very end is committed by then.
      {
        jobId: `team-alert-digest:${end.getTime()}`,
        delayMs: Math.max(1, end.getTime() - now) + DIGEST_GRACE_MS,
      },
    );
  }

  private async tellDigest(windowEnd: string): Promise<void> {
    const end = new Date(windowEnd);
    // Promoted before its time (a clock a little behind the queue's): tried again with backoff.
    if (this.clock.now().getTime() < end.getTime())
      throw new Error('team alert digest ran before its window ended');
    const { rows } = await this.pool.query<{ order_id: string; title: string; what: string }>(
      `select order_id, title, what from ${this.table} where window_end = $1 order by recorded_at, event_id`,
      [end],
    );
    if (rows.length === 0) return;
    const alerts = [];
    for (const row of rows) alerts.push(await this.alertOf(row.order_id, row.title, row.what));
    await this.emails.send(
      'team-alert',
      this.config.TEAM_ALERTS_TO,
      { alerts },
      `team-alert-digest:${end.getTime()}`,
    );
    this.logger.log({ msg: 'team alert digest sent', alerts: alerts.length });
  }
}
