// A log of a million events in seconds, for the rebuild benchmark: real order histories (made by
// the decider) written with COPY, their hash chains computed as the append computes them, and
// their personal fields sealed with a key per order as the app's append seals them (the product's
// own PersonalDataEventStore does it), so that a rebuild reads them back through the decryption
// the operators' rebuild goes through.
import { randomBytes, randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { PersonalDataEventStore } from '@coseso/backend/infra/personal-data/personal-data-event-store';
import {
  PostgresSubjectKeys,
  type SubjectKeys,
  masterKeyOf,
  seal,
} from '@coseso/backend/infra/personal-data/subject-keys';
import { type EventStore, type NewEvent } from '@coseso/event-store/event-store';
import { chainHash, eventContent } from '@coseso/event-store/hash-chain';
import { orderHistory, toNewEvent } from '@coseso/projections/testing/order-fixtures';
import pg from 'pg';
import copy from 'pg-copy-streams';

/** The bench's PERSONAL_DATA_KEY: the seeded keys are wrapped with it, and the rebuild unwraps them. */
export const BENCH_PERSONAL_DATA_KEY = 'coseso-bench-personal-data-key-0123456789';

/** The log as the app reads it: the Postgres store behind the decryption of personal fields. */
export const decryptingStore = (store: EventStore, pool: pg.Pool, schema: string) =>
  new PersonalDataEventStore(
    store,
    new PostgresSubjectKeys(pool, schema, masterKeyOf(BENCH_PERSONAL_DATA_KEY)),
  );

/** Distinct histories made by the decider; the log repeats them under fresh order ids and numbers. */
const TEMPLATES = 500;
/** Events per COPY, each in a transaction of its own (a log is written by many transactions). */
const EVENTS_PER_COPY = 50_000;

interface Template {
  readonly orderId: string;
  readonly orderNumber: number;
  /** Each event as appended, as JSON text: each order's copy is this text with its own id and number. */
  readonly events: readonly string[];
}

function templates(): Template[] {
  return Array.from({ length: TEMPLATES }, (_, n) => {
    const orderId = randomUUID();
    return {
      orderId,
      orderNumber: 1000 + n,
      events: orderHistory(n, orderId).map((recorded, i) => JSON.stringify(toNewEvent(recorded, i))),
    };
  });
}

/** COPY's text format: backslash, tab, newline and carriage return escaped. */
const field = (value: string) =>
  /[\\\t\n\r]/.test(value)
    ? value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : value;

/**
 * The app's own sealing (PersonalDataEventStore's append) with nothing behind it: it hands back the
 * events as they would be stored, and the keys it made, to be written with COPY.
 */
class Sealer {
  private sealed: readonly NewEvent[] = [];
  readonly keys = new Map<string, Buffer>();
  private readonly store: PersonalDataEventStore;

  constructor() {
    const keys = this.keys;
    const made: SubjectKeys = {
      keyFor: async (subject) => keys.get(subject) ?? keys.set(subject, randomBytes(32)).get(subject)!,
      lookup: () => Promise.reject(new Error('not read while seeding')),
      erase: () => Promise.reject(new Error('nothing erased while seeding')),
      forgetErased: () => {},
    };
    const capture = {
      appendToStream: async (_stream: string, events: readonly NewEvent[]) => {
        this.sealed = events;
        return { nextRevision: 0n, position: 0n, duplicate: false };
      },
    };
    // Only its append is called, which only calls the inner store's append.
    this.store = new PersonalDataEventStore(capture as unknown as EventStore, made);
  }

  async seal(streamId: string, events: readonly NewEvent[]): Promise<readonly NewEvent[]> {
    await this.store.appendToStream(streamId, events, { expectedRevision: 'no_stream' });
    return this.sealed;
  }
}

/**
 * Orders whose events are interleaved in the log (`BENCH_REBUILD_INTERLEAVE`; 1: each order's
 * events one after the other, as the bench seeded them before 2026-11-26 noon). A real log is
 * written over months: an order's events (its draft, its payment, its brief, its previews) lie far
 * apart, with thousands of other orders' events between them, so a rebuild meets an order again
 * batch after batch. With 2,000 orders at a time, an order's events span some 22,000 of the log's.
 */
export const SEED_INTERLEAVE = Number(process.env['BENCH_REBUILD_INTERLEAVE'] ?? 2_000);

/** Each order's lines, groups of `interleave` orders merged round robin: event 0 of each, event 1 of each… */
function interleaved(perOrder: readonly (readonly string[])[], interleave: number): string[] {
  if (interleave <= 1) return perOrder.flat();
  const lines: string[] = [];
  for (let start = 0; start < perOrder.length; start += interleave) {
    const group = perOrder.slice(start, start + interleave);
    const longest = Math.max(...group.map((order) => order.length));
    for (let i = 0; i < longest; i++) for (const order of group) if (i < order.length) lines.push(order[i]!);
  }
  return lines;
}

/** Appends order histories to the log until it holds at least `events` more; returns the events and orders written. */
export async function seedLog(
  pool: pg.Pool,
  schema: string,
  events: number,
  { interleave = SEED_INTERLEAVE }: { interleave?: number } = {},
): Promise<{ events: number; orders: number }> {
  const made = templates();
  const masterKey = masterKeyOf(BENCH_PERSONAL_DATA_KEY);
  let written = 0;
  let orders = 0;
  while (written < events) {
    const perOrder: string[][] = [];
    let chunk = 0;
    const streamLines: string[] = [];
    const sealer = new Sealer();
    while (chunk < EVENTS_PER_COPY && written + chunk < events) {
      const template = made[orders % TEMPLATES]!;
      const orderId = randomUUID();
      const orderNumber = 1000 + orders;
      orders++;
      // The same events with this order's id and number, then sealed with this order's key.
      const own = (text: string) =>
        text
          .replaceAll(template.orderId, orderId)
          .replaceAll(`"orderNumber":${template.orderNumber}`, `"orderNumber":${orderNumber}`);
      const streamId = `order-${orderId}`;
      const sealed = await sealer.seal(
        streamId,
        template.events.map((e) => JSON.parse(own(e)) as NewEvent),
      );
      let hash = '';
      const eventLines: string[] = [];
      perOrder.push(eventLines);
      chunk += sealed.length;
      sealed.forEach((event, revision) => {
        hash = chainHash(hash, eventContent(event));
        eventLines.push(
          [
            streamId,
            revision,
            randomUUID(),
            event.type,
            event.schemaVersion,
            field(JSON.stringify(event.data)),
            field(JSON.stringify(event.metadata)),
            field(String(event.metadata['commandId'])),
            hash,
          ].join('\t'),
        );
      });
      streamLines.push([streamId, template.events.length - 1, hash].join('\t'));
    }
    const keyLines = [...sealer.keys].map(
      ([subject, key]) => `${subject}\t\\\\x${seal(masterKey, key, subject).toString('hex')}`,
    );
    const eventLines = interleaved(perOrder, interleave);
    const client = await pool.connect();
    try {
      await client.query('begin');
      await pipeline(
        Readable.from([eventLines.join('\n') + '\n']),
        client.query(
          copy.from(
            `copy ${schema}.events (stream_id, stream_revision, event_id, type, schema_version, data, metadata, command_id, hash) from stdin`,
          ),
        ),
      );
      await pipeline(
        Readable.from([streamLines.join('\n') + '\n']),
        client.query(copy.from(`copy ${schema}.streams (stream_id, revision, last_hash) from stdin`)),
      );
      if (keyLines.length > 0)
        await pipeline(
          Readable.from([keyLines.join('\n') + '\n']),
          client.query(copy.from(`copy ${schema}.data_subject_keys (subject_id, wrapped_key) from stdin`)),
        );
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
    written += eventLines.length;
  }
  return { events: written, orders };
}
