import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { quoteIdent } from '@coseso/event-store/postgres-adapter';
import type pg from 'pg';

/** A data subject's key: its bytes, or null once erased (crypto-shredded, for good). */
export type SubjectKey = Buffer | null;

/** The keys of the data subjects, outside the log. */
export interface SubjectKeys {
  /** The subject's key, made on first use (idempotently); null when the subject was erased. */
  keyFor(subject: string): Promise<SubjectKey>;
  /**
   * Each subject's key; null when erased; absent from the map when it never had one (its events,
   * if any, were written before encryption). One round trip at most for the lot.
   */
  lookup(subjects: readonly string[]): Promise<Map<string, SubjectKey>>;
  /** Destroys the keys of these subjects for good (and bars new ones). */
  erase(subjects: readonly string[]): Promise<void>;
  /** Forgets these subjects' cached keys in this process: erased elsewhere, as a ClientDataErased said. */
  forgetErased(subjects: readonly string[]): void;
}

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/**
 * A key cached in memory is checked again after this long, so a process that never reads the
 * ClientDataErased of an erasure done elsewhere stops decrypting within a minute all the same.
 */
const KEY_TTL_MS = 60_000;
const CACHED_KEYS = 50_000;

/**
 * Fresh IVs, cut from random bytes drawn 4 kB at a time: one draw from the system's generator costs
 * as much as the encryption itself (about 5 µs on the 2-core VM, a `getpid` each for OpenSSL's fork
 * check), and the autosave seals a field or two per request. A drawn buffer is used once, front to
 * back, then dropped, so no IV is handed out twice; GCM asks for nothing more of its IVs.
 */
const nextIv = (() => {
  const DRAWN_IVS = 341; // 4,092 bytes
  let drawn = Buffer.alloc(0);
  let offset = 0;
  return (): Buffer => {
    if (offset + IV_BYTES > drawn.length) {
      drawn = randomBytes(IV_BYTES * DRAWN_IVS);
      offset = 0;
    }
    return drawn.subarray(offset, (offset += IV_BYTES));
  };
})();

/** AES-256-GCM of `plain` under `key`, bound to `context` (additional data): iv ‖ tag ‖ ciphertext. */
export function seal(key: Buffer, plain: Buffer, context: string): Buffer {
  const iv = nextIv();
  const cipher = createCipheriv(ALGORITHM, key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** The inverse of seal; throws when the bytes, the key or the context do not match. */
export function open(key: Buffer, sealed: Buffer, context: string): Buffer {
  const decipher = createDecipheriv(ALGORITHM, key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

/** The 32-byte key that wraps the subjects' keys, from the configured secret (PERSONAL_DATA_KEY). */
export const masterKeyOf = (secret: string) =>
  createHash('sha256').update(`coseso-subject-keys\0${secret}`).digest();

interface Cached {
  readonly key: SubjectKey;
  /** When to ask the table again; erased keys are final and never asked again. */
  readonly until: number;
}

/**
 * The keys in the `data_subject_keys` table, each wrapped (AES-256-GCM) by the master key, cached
 * in memory: an append for a known subject costs no round trip.
 */
export class PostgresSubjectKeys implements SubjectKeys {
  private readonly table: string;
  private readonly cache = new Map<string, Cached>();
  private readonly pending = new Map<string, Promise<SubjectKey>>();

  constructor(
    private readonly pool: pg.Pool,
    schema: string,
    private readonly masterKey: Buffer,
    private readonly now: () => number = Date.now,
  ) {
    this.table = `${quoteIdent(schema)}.data_subject_keys`;
  }

  keyFor(subject: string): Promise<SubjectKey> {
    const hit = this.fresh(subject);
    if (hit) return Promise.resolve(hit.key);
    let loading = this.pending.get(subject);
    if (!loading) {
      loading = this.make(subject).finally(() => this.pending.delete(subject));
      this.pending.set(subject, loading);
    }
    return loading;
  }

  async lookup(subjects: readonly string[]): Promise<Map<string, SubjectKey>> {
    const found = new Map<string, SubjectKey>();
    const missing: string[] = [];
    for (const subject of subjects) {
      const hit = this.fresh(subject);
      if (hit) found.set(subject, hit.key);
      else missing.push(subject);
    }
    if (missing.length === 0) return found;
    const { rows } = await this.pool.query<{ subject_id: string; wrapped_key: Buffer | null }>(
      `select subject_id, wrapped_key from ${this.table} where subject_id = any($1::text[])`,
      [missing],
    );
    for (const row of rows) found.set(row.subject_id, this.unwrap(row.subject_id, row.wrapped_key));
    return found;
  }

  async erase(subjects: readonly string[]): Promise<void> {
    if (subjects.length === 0) return;
    // A subject that never had a key gets an erased row too: nothing personal is written for it later.
    await this.pool.query(
      `insert into ${this.table} (subject_id, wrapped_key, erased_at)
       select unnest($1::text[]), null, now()
       on conflict (subject_id) do update set wrapped_key = null, erased_at = coalesce(${this.table}.erased_at, now())`,
      [subjects],
    );
    this.forgetErased(subjects);
  }

  forgetErased(subjects: readonly string[]): void {
    for (const subject of subjects) this.remember(subject, { key: null, until: Infinity });
  }

  private fresh(subject: string): Cached | undefined {
    const hit = this.cache.get(subject);
    return hit && hit.until > this.now() ? hit : undefined;
  }

  private async make(subject: string): Promise<SubjectKey> {
    const wrapped = seal(this.masterKey, randomBytes(32), subject);
    // One round trip: the new row, or the existing one (a concurrent maker's, or an erased one).
    let {
      rows: [row],
    } = await this.pool.query<{ wrapped_key: Buffer | null }>(
      `with made as (
         insert into ${this.table} (subject_id, wrapped_key) values ($1, $2)
         on conflict (subject_id) do nothing
         returning wrapped_key)
       select wrapped_key from made
       union all
       select wrapped_key from ${this.table} where subject_id = $1`,
      [subject, wrapped],
    );
    // The statement's snapshot misses a row a concurrent maker committed while it waited: read again.
    if (!row)
      ({
        rows: [row],
      } = await this.pool.query<{ wrapped_key: Buffer | null }>(
        `select wrapped_key from ${this.table} where subject_id = $1`,
        [subject],
      ));
    if (!row) throw new Error(`no key could be made for ${subject}`);
    return this.unwrap(subject, row.wrapped_key);
  }

  private unwrap(subject: string, wrapped: Buffer | null): SubjectKey {
    if (wrapped === null) {
      this.remember(subject, { key: null, until: Infinity });
      return null;
    }
    let key: Buffer;
    try {
      key = open(this.masterKey, wrapped, subject);
    } catch {
      // Loud, not « données effacées »: a wrong master key must not look like an erasure.
      throw new Error(
        `PERSONAL_DATA_KEY does not open the key of ${subject}: is it the key the data was written with?`,
      );
    }
    this.remember(subject, { key, until: this.now() + KEY_TTL_MS });
    return key;
  }

  private remember(subject: string, entry: Cached) {
    this.cache.delete(subject); // re-inserted last: the Map's order is the least recently used first
    this.cache.set(subject, entry);
    if (this.cache.size > CACHED_KEYS) this.cache.delete(this.cache.keys().next().value!);
  }
}
