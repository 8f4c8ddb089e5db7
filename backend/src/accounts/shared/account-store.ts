import { createHmac, randomUUID } from 'node:crypto';
import { type Clock, systemClock } from '@coseso/domain/shared/clock';
import { Inject, Injectable, Optional } from '@nestjs/common';
import type pg from 'pg';
import { type AppConfig } from '../../config/app-config.js';
import { digest, hashPassword, newSecret, verifyPassword } from '../../infra/security/secrets.js';
import { APP_CONFIG, CLOCK, PG_POOL } from '../../infra/tokens.js';

export type TokenPurpose = 'set' | 'reset';

/** How long a one-time link stays valid (set-password 7 days, reset 1 hour). */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = { set: 7 * 24 * 3_600_000, reset: 3_600_000 };
export const SESSION_LIFETIME_MS = 30 * 24 * 3_600_000;

/**
 * The secrets of client accounts, kept out of the event log: password hashes (argon2id), one-time
 * link tokens and sessions, each token stored as a SHA-256 digest, never in clear.
 */
@Injectable()
export class AccountStore {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    // One-time links are dated by the app's Clock (tests move it past their lifetime).
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  private get s() {
    return `"${this.config.DATABASE_SCHEMA}"`;
  }

  /**
   * Deletes the account's secrets, sessions and links (right to be forgotten): it can no longer
   * sign in, and its address may open a new account later, as a stranger's would.
   */
  async forgetClient(clientId: string): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      for (const table of ['client_sessions', 'client_tokens', 'client_credentials'])
        await client.query(`delete from ${this.s}.${table} where client_id = $1`, [clientId]);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  /** The account id of an email, created on first use: one account per email, even under races. */
  async claimEmail(email: string): Promise<{ clientId: string; created: boolean }> {
    const normalized = email.trim().toLowerCase();
    const { rows } = await this.pool.query<{ client_id: string }>(
      `insert into ${this.s}.client_credentials (client_id, email) values ($1, $2) on conflict (email) do nothing returning client_id`,
      [randomUUID(), normalized],
    );
    if (rows[0]) return { clientId: rows[0].client_id, created: true };
    const existing = await this.pool.query<{ client_id: string }>(
      `select client_id from ${this.s}.client_credentials where email = $1`,
      [normalized],
    );
    return { clientId: existing.rows[0]!.client_id, created: false };
  }

  /**
   * The account signs in with `email` from now on (its password and sessions unchanged). False when
   * another account already has that address: one account per email.
   */
  async changeEmail(clientId: string, email: string): Promise<boolean> {
    try {
      await this.pool.query(`update ${this.s}.client_credentials set email = $2 where client_id = $1`, [
        clientId,
        email.trim().toLowerCase(),
      ]);
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === '23505') return false;
      throw error;
    }
  }

  async hasPassword(clientId: string): Promise<boolean> {
    const { rows } = await this.pool.query(
      `select 1 from ${this.s}.client_credentials where client_id = $1 and password_hash is not null`,
      [clientId],
    );
    return rows.length > 0;
  }

  /** The address an account signs in with; null once it is forgotten (or never was). */
  async emailOf(clientId: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ email: string }>(
      `select email from ${this.s}.client_credentials where client_id = $1`,
      [clientId],
    );
    return rows[0]?.email ?? null;
  }

  async clientOfEmail(email: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ client_id: string }>(
      `select client_id from ${this.s}.client_credentials where email = $1`,
      [email.trim().toLowerCase()],
    );
    return rows[0]?.client_id ?? null;
  }

  /** The client whose email and password these are, or null; as slow for an unknown email as for a wrong password. */
  async checkPassword(email: string, password: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ client_id: string; password_hash: string | null }>(
      `select client_id, password_hash from ${this.s}.client_credentials where email = $1`,
      [email.trim().toLowerCase()],
    );
    const row = rows[0];
    return (await verifyPassword(row?.password_hash, password)) ? row!.client_id : null;
  }

  async setPassword(clientId: string, password: string): Promise<void> {
    await this.pool.query(
      `update ${this.s}.client_credentials set password_hash = $2, updated_at = now() where client_id = $1`,
      [clientId, await hashPassword(password)],
    );
    // A new password ends every session opened with the old one, and every link that could set
    // another (a week-old set-password link must not undo a reset).
    await this.pool.query(`delete from ${this.s}.client_sessions where client_id = $1`, [clientId]);
    await this.pool.query(
      `update ${this.s}.client_tokens set used_at = $2 where client_id = $1 and used_at is null`,
      [clientId, this.clock.now()],
    );
  }

  /**
   * A one-time link secret. A new set-password link ends the earlier ones; a new reset link does
   * not (anyone may ask for one: it must not kill the link the owner is about to use), and every
   * link ends once one is used to set the password (`setPassword`). `seed` makes it
   * stable (a retried job creates the same link, so the email already sent stays valid); it is
   * derived with the server's secret, so it cannot be guessed from the seed.
   */
  async createToken(clientId: string, purpose: TokenPurpose, seed?: string): Promise<string> {
    const token = seed
      ? createHmac('sha256', this.config.SESSION_SECRET)
          .update(`${purpose}:${clientId}:${seed}`)
          .digest('base64url')
      : newSecret();
    const tokenHash = digest(token);
    if (purpose === 'set')
      await this.pool.query(
        `update ${this.s}.client_tokens set used_at = $4 where client_id = $1 and purpose = $2 and used_at is null and token_hash <> $3`,
        [clientId, purpose, tokenHash, this.clock.now()],
      );
    await this.pool.query(
      `insert into ${this.s}.client_tokens (token_hash, client_id, purpose, expires_at)
       values ($1, $2, $3, $4) on conflict (token_hash) do nothing`,
      [tokenHash, clientId, purpose, new Date(this.clock.now().getTime() + TOKEN_LIFETIME_MS[purpose])],
    );
    return token;
  }

  /** Whether a link would still work, without using it. */
  async isTokenUsable(token: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `select 1 from ${this.s}.client_tokens where token_hash = $1 and used_at is null and expires_at > $2`,
      [digest(token), this.clock.now()],
    );
    return (rowCount ?? 0) > 0;
  }

  /** Uses a link once: its client and purpose, or null when unknown, used or expired. */
  async consumeToken(token: string): Promise<{ clientId: string; purpose: TokenPurpose } | null> {
    const { rows } = await this.pool.query<{ client_id: string; purpose: TokenPurpose }>(
      `update ${this.s}.client_tokens set used_at = $2
       where token_hash = $1 and used_at is null and expires_at > $2 returning client_id, purpose`,
      [digest(token), this.clock.now()],
    );
    return rows[0] ? { clientId: rows[0].client_id, purpose: rows[0].purpose } : null;
  }

  async openSession(clientId: string): Promise<string> {
    const session = newSecret();
    await this.pool.query(
      `insert into ${this.s}.client_sessions (session_hash, client_id, expires_at) values ($1, $2, now() + $3 * interval '1 millisecond')`,
      [digest(session), clientId, SESSION_LIFETIME_MS],
    );
    return session;
  }

  async sessionClient(session: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ client_id: string }>(
      `select client_id from ${this.s}.client_sessions where session_hash = $1 and expires_at > now()`,
      [digest(session)],
    );
    return rows[0]?.client_id ?? null;
  }

  async closeSession(session: string): Promise<void> {
    await this.pool.query(`delete from ${this.s}.client_sessions where session_hash = $1`, [digest(session)]);
  }
}
