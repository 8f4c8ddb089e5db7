#!/usr/bin/env node
// The event log as NDJSON, one event per line, for auditors: each line validates against
// event-schemas/schemas/<stream>/<Type>.v<version>.json as is.
import { orderStreamId } from '@coseso/domain/events/event-reader';
import { type LogCheckpoint, type StoredEvent } from '@coseso/event-store/event-store';
import { Command, InvalidArgumentError } from 'commander';
import { openCliContext, runCli } from './cli-context.js';

const date = (value: string) => {
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime()))
    throw new InvalidArgumentError('expected a date, e.g. 2026-11-01 or 2026-11-01T08:00:00Z');
  return parsed;
};

const line = (e: StoredEvent) =>
  JSON.stringify({
    position: Number(e.position),
    streamId: e.streamId,
    streamRevision: Number(e.streamRevision),
    eventId: e.eventId,
    recordedAt: e.recordedAt.toISOString(),
    type: e.type,
    schemaVersion: e.schemaVersion,
    data: e.data,
    metadata: e.metadata,
  });

const program = new Command('export-events')
  .description('Write the event log to stdout as NDJSON, in log order.')
  .option('--stream <streamId>', 'only this stream, e.g. order-<orderId>')
  .option('--order <orderId>', "only this order's stream")
  .option('--type <type>', 'only events of this type, e.g. DepositPaid')
  .option('--since <date>', 'only events that occurred at or after this date', date)
  .addHelpText(
    'after',
    '\nExample:\n  npm run --silent export-events -- --type DepositPaid --since 2026-11-01 > deposits.ndjson',
  )
  .action((options: { stream?: string; order?: string; type?: string; since?: Date }) =>
    runCli(async () => {
      const ctx = await openCliContext();
      const keep = (e: StoredEvent) =>
        (!options.type || e.type === options.type) &&
        (!options.since ||
          new Date(String(e.metadata['occurredAt'] ?? e.recordedAt.toISOString())) >= options.since);
      const write = (text: string) =>
        process.stdout.write(`${text}\n`)
          ? Promise.resolve()
          : new Promise<void>((r) => process.stdout.once('drain', () => r()));
      let count = 0;
      const exportAll = async (events: StoredEvent[]) => {
        for (const e of events.filter(keep)) {
          await write(line(e));
          count++;
        }
      };
      try {
        const stream = options.order ? orderStreamId(options.order) : options.stream;
        if (stream) {
          await exportAll(await ctx.store.readStream(stream));
        } else {
          let after: LogCheckpoint | null = null;
          for (;;) {
            const { events } = await ctx.store.readAll({ after, limit: 5_000 });
            if (events.length === 0) break;
            await exportAll(events);
            after = events[events.length - 1]!.checkpoint;
          }
        }
        console.error(`${count} event(s) exported`);
      } finally {
        await ctx.close();
      }
    }),
  );

await program.parseAsync();
