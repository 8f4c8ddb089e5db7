// A log of a million events in seconds, for the rebuild benchmark: real order histories (made by
// the decider) written with COPY, their hash chains computed as the append computes them.
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { chainHash, eventContent } from '@coseso/event-store/hash-chain';
import { orderHistory, toNewEvent } from '@coseso/projections/testing/order-fixtures';
import pg from 'pg';
import copy from 'pg-copy-streams';

/** Distinct histories made by the decider; the log repeats them under fresh order ids and numbers. */
const TEMPLATES = 500;
/** Events per COPY, each in a transaction of its own (a log is written by many transactions). */
const EVENTS_PER_COPY = 50_000;

interface TemplateEvent {
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: string;
  readonly metadata: string;
  readonly commandId: string;
  /** What its hash covers (hash-chain.ts), as text. */
  readonly content: string;
}

interface Template {
  readonly orderId: string;
  readonly orderNumber: number;
  readonly events: readonly TemplateEvent[];
}

function templates(): Template[] {
  return Array.from({ length: TEMPLATES }, (_, n) => {
    const orderId = randomUUID();
    return {
      orderId,
      orderNumber: 1000 + n,
      events: orderHistory(n, orderId).map((recorded, i) => {
        const event = toNewEvent(recorded, i);
        return {
          type: event.type,
          schemaVersion: event.schemaVersion,
          data: JSON.stringify(event.data),
          metadata: JSON.stringify(event.metadata),
          commandId: String(event.metadata['commandId']),
          content: eventContent(event),
        };
      }),
    };
  });
}

/** COPY's text format: backslash, tab, newline and carriage return escaped. */
const field = (value: string) =>
  /[\\\t\n\r]/.test(value)
    ? value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : value;

/** Appends order histories to the log until it holds at least `events` more; returns the events and orders written. */
export async function seedLog(
  pool: pg.Pool,
  schema: string,
  events: number,
): Promise<{ events: number; orders: number }> {
  const made = templates();
  let written = 0;
  let orders = 0;
  while (written < events) {
    const eventLines: string[] = [];
    const streamLines: string[] = [];
    while (eventLines.length < EVENTS_PER_COPY && written + eventLines.length < events) {
      const template = made[orders % TEMPLATES]!;
      const orderId = randomUUID();
      const orderNumber = 1000 + orders;
      orders++;
      // The same text with this order's id and number: ids have one length, so the canonical
      // text stays canonical.
      const own = (text: string) =>
        text
          .replaceAll(template.orderId, orderId)
          .replaceAll(`"orderNumber":${template.orderNumber}`, `"orderNumber":${orderNumber}`);
      const streamId = `order-${orderId}`;
      let hash = '';
      template.events.forEach((event, revision) => {
        hash = chainHash(hash, own(event.content));
        eventLines.push(
          [
            streamId,
            revision,
            randomUUID(),
            event.type,
            event.schemaVersion,
            field(own(event.data)),
            field(own(event.metadata)),
            field(event.commandId),
            hash,
          ].join('\t'),
        );
      });
      streamLines.push([streamId, template.events.length - 1, hash].join('\t'));
    }
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
