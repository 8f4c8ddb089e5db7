#!/usr/bin/env node
// Recomputes every stream's hash chain and names the first broken link: exit code 1 when the log
// was altered (an event changed or deleted), 0 when every chain holds.
import { verifyHashChain } from '@coseso/event-store/verify-hash-chain';
import { rawEventStore } from '@coseso/backend/infra/personal-data/personal-data-event-store';
import { Command } from 'commander';
import { openCliContext, runCli } from './cli-context.js';

const program = new Command('verify-log')
  .description(
    "Check that the event log was not altered: recompute each stream's hash chain (sha256 of the previous hash and the event's canonical JSON) and name the first broken link of each broken stream.",
  )
  .option('--json', 'print the report as one JSON object')
  .addHelpText('after', '\nExit code: 0 when every chain holds, 1 when a link is broken (or on error).')
  .action((options: { json?: boolean }) =>
    runCli(async () => {
      const ctx = await openCliContext();
      try {
        const report = await verifyHashChain(rawEventStore(ctx.store), {
          onProgress: (events) => {
            if (process.stderr.isTTY) process.stderr.write(`\r${events} events checked`);
          },
        });
        if (process.stderr.isTTY) process.stderr.write('\n');
        if (options.json)
          console.log(
            JSON.stringify(report, (_, value) => (typeof value === 'bigint' ? Number(value) : value)),
          );
        else if (report.ok)
          console.log(`OK: ${report.events} events in ${report.streams} streams, every hash chain holds.`);
        else {
          console.log(`BROKEN: ${report.broken.length} stream(s) altered (${report.events} events checked).`);
          for (const link of report.broken)
            console.log(
              `stream ${link.streamId}, revision ${link.revision} (${link.kind}): expected ${link.expected ?? '(none)'}, found ${link.found ?? '(none)'}\n  ${link.description}`,
            );
        }
        return report.ok ? 0 : 1;
      } finally {
        await ctx.close();
      }
    }),
  );

await program.parseAsync();
