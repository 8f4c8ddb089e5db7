#!/usr/bin/env node
// The event log as NDJSON, one event per line, for auditors: each line validates against
// event-schemas/schemas/<stream>/<Type>.v<version>.json as is.
import { eventLogBatches, ndjsonLine } from '@coseso/backend/audit/event-log/event-log-export';
import { orderStreamId } from '@coseso/domain/events/event-reader';
import { Command, InvalidArgumentError } from 'commander';
import { openCliContext, runCli } from './cli-context.js';

const date = (value: string) => {
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime()))
    throw new InvalidArgumentError('expected a date, e.g. 2026-11-01 or 2026-11-01T08:00:00Z');
  return parsed;
};

const program = new Command('export-events')
  .description('Write the event log to stdout as NDJSON, in log order.')
  .option('--stream <streamId>', 'only this stream, e.g. order-<orderId>')
  .option('--order <orderId>', "only this order's stream")
  .option('--type <type>', 'only events of this type, e.g. DepositPaid')
  .option('--since <date>', 'only events recorded at or after this date', date)
  .addHelpText(
    'after',
    '\nExample:\n  npm run --silent export-events -- --type DepositPaid --since 2026-11-01 > deposits.ndjson',
  )
  .action((options: { stream?: string; order?: string; type?: string; since?: Date }) =>
    runCli(async () => {
      const ctx = await openCliContext();
      const write = (text: string) =>
        process.stdout.write(text)
          ? Promise.resolve()
          : new Promise<void>((r) => process.stdout.once('drain', () => r()));
      let count = 0;
      try {
        const streamId = options.order ? orderStreamId(options.order) : options.stream;
        const filter = {
          ...(streamId ? { streamId } : {}),
          ...(options.type ? { type: options.type } : {}),
          ...(options.since ? { since: options.since } : {}),
        };
        // The same lines, from the same code, as the API's export (GET /api/admin/events/export.ndjson).
        for await (const batch of eventLogBatches(ctx.store, filter)) {
          if (batch.length === 0) continue;
          await write(batch.map((e) => `${ndjsonLine(e)}\n`).join(''));
          count += batch.length;
        }
        console.error(`${count} event(s) exported`);
      } finally {
        await ctx.close();
      }
    }),
  );

await program.parseAsync();
