import { clientFormRules, isBlankPassword } from '@coseso/domain/clients/client-form-rules';
import { type RecordedTeamEvent } from '@coseso/domain/events/event-reader';
import { createHmac, randomUUID } from 'node:crypto';
import { type Clock, systemClock } from '@coseso/domain/shared/clock';
import { Inject, Injectable, Logger, type OnModuleInit, Optional } from '@nestjs/common';
import type pg from 'pg';
import { type AppConfig } from '../config/app-config.js';
import { digest, hashPassword, newSecret, verifyPassword } from '../infra/security/secrets.js';
import { APP_CONFIG, CLOCK, PG_POOL } from '../infra/tokens.js';

export type AdminRole = 'admin' | 'auditor';

export interface AdminUser {
  readonly id: string;
  readonly email: string;
  /** What the back-office shows of its user: the account's name, else its role (never the address). */
  readonly name: string;
  readonly role: AdminRole;
}

interface AdminUserRow {
  admin_id: string;
  email: string;
  name: string | null;
  role: AdminRole;
}

const roleNames: Record<AdminRole, string> = { admin: 'Administrateur', auditor: 'Auditeur' };

const adminUserOf = (row: AdminUserRow): AdminUser => ({
  id: row.admin_id,
  email: row.email,
  name: row.name?.trim() || roleNames[row.role],
  role: row.role,
});

const refuseBlank = (password: string) => {
  if (isBlankPassword(password)) throw new Error(clientFormRules.newPassword.blankMessage);
};

/** A back-office token lasts a working day; logging out ends it at once. */
export const ADMIN_TOKEN_LIFETIME_MS = 12 * 3_600_000;
/** A back-office reset link lasts an hour, as a client's. */
export const ADMIN_RESET_LIFETIME_MS = 3_600_000;

/**
 * Named back-office accounts with roles (admin, auditor): argon2id password hashes, bearer tokens stored as SHA-256
 * digests with an expiry. The first admin comes from ADMIN_EMAIL / ADMIN_PASSWORD, others from
 * `npm run create-admin`.
 */
@Injectable()
export class AdminAccounts implements OnModuleInit {
  private readonly logger = new Logger('AdminAccounts');

  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    // Reset links are dated by the app's Clock (tests move it past their hour).
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  private get s() {
    return `"${this.config.DATABASE_SCHEMA}"`;
  }

  async onModuleInit(): Promise<void> {
    const { ADMIN_EMAIL, ADMIN_PASSWORD } = this.config;
    if (ADMIN_EMAIL && ADMIN_PASSWORD && (await this.create(ADMIN_EMAIL, ADMIN_PASSWORD, 'admin'))) {
      this.logger.log({ msg: 'first back-office admin created', email: ADMIN_EMAIL });
    }
  }

  /** Creates an account unless the email has one; true when created. */
  async create(email: string, password: string, role: AdminRole, name?: string): Promise<boolean> {
    refuseBlank(password);
    const { rowCount } = await this.pool.query(
      `insert into ${this.s}.admin_users (admin_id, email, password_hash, role, name) values ($1, $2, $3, $4, $5) on conflict (email) do nothing`,
      [randomUUID(), email.trim().toLowerCase(), await hashPassword(password), role, name?.trim() || null],
    );
    return rowCount === 1;
  }

  /**
   * The accounts table as the `team` stream says (the stream is the truth; this table follows it):
   * the change `event`, at `position` in the log, applied to its member's account once. Applied again
   * (a retried job) or after a later change of the same member, it changes nothing; false then. An
   * added member gets an account without a password anyone knows (an unguessable one) until they
   * choose theirs through the emailed link; a role change or a deactivation ends the member's
   * sessions (and a deactivation their reset links) in the same transaction.
   */
  async applyTeamEvent(event: RecordedTeamEvent, position: bigint): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const applied = await this.applyTeamEventWith(client, event, String(position));
      await client.query('commit');
      return applied;
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  }

  private async applyTeamEventWith(
    db: pg.PoolClient,
    event: RecordedTeamEvent,
    at: string,
  ): Promise<boolean> {
    const later = `admin_id = $1 and coalesce(team_position, -1) < $2`;
    switch (event.type) {
      case 'TeamMemberAdded': {
        const { memberId, email, role, name } = event.data;
        const { rowCount } = await db.query(
          `insert into ${this.s}.admin_users (admin_id, email, password_hash, role, name, team_position)
           values ($1, $2, $3, $4, $5, $6) on conflict do nothing`,
          [
            memberId,
            email.trim().toLowerCase(),
            await hashPassword(newSecret()),
            role,
            name.trim() || null,
            at,
          ],
        );
        return rowCount === 1;
      }
      case 'TeamMemberRoleChanged': {
        const { rowCount } = await db.query(
          `update ${this.s}.admin_users set role = $3, team_position = $2 where ${later}`,
          [event.data.memberId, at, event.data.to],
        );
        if (rowCount !== 1) return false;
        await db.query(`delete from ${this.s}.admin_tokens where admin_id = $1`, [event.data.memberId]);
        return true;
      }
      case 'TeamMemberDeactivated': {
        const { rowCount } = await db.query(
          `update ${this.s}.admin_users set deactivated_at = coalesce(deactivated_at, $3), team_position = $2 where ${later}`,
          [event.data.memberId, at, event.metadata.occurredAt],
        );
        if (rowCount !== 1) return false;
        await db.query(`delete from ${this.s}.admin_tokens where admin_id = $1`, [event.data.memberId]);
        await db.query(
          `update ${this.s}.admin_reset_tokens set used_at = $2 where admin_id = $1 and used_at is null`,
          [event.data.memberId, this.clock.now()],
        );
        return true;
      }
      case 'TeamMemberUnlocked':
        // The lock lives in the sign-in throttle, not in this table.
        return false;
    }
  }

  /** The password an operator typed for an account (`npm run create-admin`); its sessions end. */
  async setPassword(adminId: string, password: string): Promise<void> {
    refuseBlank(password);
    await this.pool.query(`update ${this.s}.admin_users set password_hash = $2 where admin_id = $1`, [
      adminId,
      await hashPassword(password),
    ]);
    await this.endSessionsAndLinks(adminId);
  }

  /** Every account with its role and whether it may still sign in: what the team's rules judge. */
  async roster(): Promise<{ id: string; email: string; role: AdminRole; active: boolean }[]> {
    const { rows } = await this.pool.query<{
      admin_id: string;
      email: string;
      role: AdminRole;
      active: boolean;
    }>(`select admin_id, email, role, deactivated_at is null as active from ${this.s}.admin_users`);
    return rows.map((row) => ({ id: row.admin_id, email: row.email, role: row.role, active: row.active }));
  }

  /** Replaces an account's password and ends its sessions; false when the email has no account. */
  async resetPassword(email: string, password: string): Promise<boolean> {
    refuseBlank(password);
    const { rows } = await this.pool.query<{ admin_id: string }>(
      `update ${this.s}.admin_users set password_hash = $2 where email = $1 returning admin_id`,
      [email.trim().toLowerCase(), await hashPassword(password)],
    );
    const adminId = rows[0]?.admin_id;
    if (!adminId) return false;
    await this.endSessionsAndLinks(adminId);
    return true;
  }

  /** A new password ends every session opened with the old one, and every reset link. */
  private async endSessionsAndLinks(adminId: string): Promise<void> {
    await this.pool.query(`delete from ${this.s}.admin_tokens where admin_id = $1`, [adminId]);
    await this.pool.query(
      `update ${this.s}.admin_reset_tokens set used_at = $2 where admin_id = $1 and used_at is null`,
      [adminId, this.clock.now()],
    );
  }

  /**
   * The account that signs in with `email`, null when none does: a deactivated account is neither
   * sent a reset link nor told of a sign-in lock.
   */
  async byEmail(email: string): Promise<AdminUser | null> {
    const { rows } = await this.pool.query<AdminUserRow>(
      `select admin_id, email, name, role from ${this.s}.admin_users where email = $1 and deactivated_at is null`,
      [email.trim().toLowerCase()],
    );
    const row = rows[0];
    return row ? adminUserOf(row) : null;
  }

  /**
   * Every account of the team, by email: its role, when it was created and when its latest session
   * still open began (a session lasts ADMIN_TOKEN_LIFETIME_MS; null when none is open).
   */
  async list(): Promise<
    (AdminUser & { createdAt: string; openSessionSince: string | null; active: boolean })[]
  > {
    const { rows } = await this.pool.query<
      AdminUserRow & { created_at: Date; latest_expiry: Date | null; active: boolean }
    >(
      `select u.admin_id, u.email, u.name, u.role, u.created_at, u.deactivated_at is null as active,
         (select max(t.expires_at) from ${this.s}.admin_tokens t where t.admin_id = u.admin_id and t.expires_at > now()) as latest_expiry
       from ${this.s}.admin_users u order by u.email`,
    );
    return rows.map((row) => ({
      ...adminUserOf(row),
      createdAt: row.created_at.toISOString(),
      active: row.active,
      openSessionSince: row.latest_expiry
        ? new Date(row.latest_expiry.getTime() - ADMIN_TOKEN_LIFETIME_MS).toISOString()
        : null,
    }));
  }

  async byId(adminId: string): Promise<AdminUser | null> {
    const { rows } = await this.pool.query<AdminUserRow>(
      `select admin_id, email, name, role from ${this.s}.admin_users where admin_id = $1`,
      [adminId],
    );
    const row = rows[0];
    return row ? adminUserOf(row) : null;
  }

  /**
   * A reset link's secret, derived from `seed` with the server's secret (a retried job makes the same
   * link). Earlier links stay valid: anyone may ask for one, and it must not kill the owner's.
   */
  async createResetToken(adminId: string, seed: string): Promise<string> {
    const token = createHmac('sha256', this.config.SESSION_SECRET)
      .update(`admin-reset:${adminId}:${seed}`)
      .digest('base64url');
    await this.pool.query(
      `insert into ${this.s}.admin_reset_tokens (token_hash, admin_id, expires_at)
       values ($1, $2, $3) on conflict (token_hash) do nothing`,
      [digest(token), adminId, new Date(this.clock.now().getTime() + ADMIN_RESET_LIFETIME_MS)],
    );
    return token;
  }

  /** Whether a reset link would still work, without using it. */
  async isResetTokenUsable(token: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `select 1 from ${this.s}.admin_reset_tokens where token_hash = $1 and used_at is null and expires_at > $2`,
      [digest(token), this.clock.now()],
    );
    return (rowCount ?? 0) > 0;
  }

  /**
   * Uses a reset link once to set a new password, which ends the account's sessions and every other
   * link; the account, or null when the link is unknown, used or expired.
   */
  async resetWithToken(token: string, password: string): Promise<AdminUser | null> {
    refuseBlank(password);
    const { rows } = await this.pool.query<{ admin_id: string }>(
      `update ${this.s}.admin_reset_tokens set used_at = $2
       where token_hash = $1 and used_at is null and expires_at > $2 returning admin_id`,
      [digest(token), this.clock.now()],
    );
    const adminId = rows[0]?.admin_id;
    if (!adminId) return null;
    await this.pool.query(`update ${this.s}.admin_users set password_hash = $2 where admin_id = $1`, [
      adminId,
      await hashPassword(password),
    ]);
    await this.endSessionsAndLinks(adminId);
    return this.byId(adminId);
  }

  /** A new token for these credentials, or null; as slow for an unknown email as for a wrong password. */
  async login(email: string, password: string): Promise<{ token: string; user: AdminUser } | null> {
    const { rows } = await this.pool.query<AdminUserRow & { password_hash: string }>(
      `select admin_id, email, name, role, password_hash from ${this.s}.admin_users where email = $1 and deactivated_at is null`,
      [email.trim().toLowerCase()],
    );
    const row = rows[0];
    // A deactivated account reads as unknown. Checked before `row`: an unknown email must cost the same hash check as a wrong password.
    if (!(await verifyPassword(row?.password_hash, password)) || !row) return null;
    const token = newSecret();
    await this.pool.query(
      `insert into ${this.s}.admin_tokens (token_hash, admin_id, expires_at) values ($1, $2, now() + $3 * interval '1 millisecond')`,
      [digest(token), row.admin_id, ADMIN_TOKEN_LIFETIME_MS],
    );
    // Expired tokens are swept at each login: a table that stays small.
    await this.pool.query(`delete from ${this.s}.admin_tokens where expires_at < now()`);
    return { token, user: adminUserOf(row) };
  }

  async userOfToken(token: string): Promise<AdminUser | null> {
    const { rows } = await this.pool.query<AdminUserRow>(
      `select u.admin_id, u.email, u.name, u.role from ${this.s}.admin_tokens t join ${this.s}.admin_users u using (admin_id)
       where t.token_hash = $1 and t.expires_at > now() and u.deactivated_at is null`,
      [digest(token)],
    );
    const row = rows[0];
    return row ? adminUserOf(row) : null;
  }

  async revoke(token: string): Promise<void> {
    await this.pool.query(`delete from ${this.s}.admin_tokens where token_hash = $1`, [digest(token)]);
  }
}
