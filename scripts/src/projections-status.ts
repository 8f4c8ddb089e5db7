#!/usr/bin/env node
// Where each projector stands: checkpoint, lag in events and seconds, and why it stopped if it did.
import { allProjectors } from '@coseso/projections/all-projectors';
import { projectionStatus } from '@coseso/projections/projection-status';
import { Command } from 'commander';
import { openCliContext, runCli } from './cli-context.js';

const program = new Command('projections-status')
  .description(
    "Show each projector's checkpoint and lag. Exits with 1 when a projector has stopped on a failed event.",
  )
  .option('--json', 'print JSON instead of a table')
  .action((options: { json?: boolean }) =>
    runCli(async () => {
      const ctx = await openCliContext();
      try {
        const status = await projectionStatus(
          ctx.store,
          await ctx.readModels(),
          ctx.config.DATABASE_SCHEMA,
          allProjectors,
        );
        if (options.json) {
          console.log(JSON.stringify(status, null, 2));
        } else {
          console.table(
            status.map((s) => ({
              projector: s.name,
              state: s.state,
              version:
                s.version === s.expectedVersion ? s.version : `${s.version} (code: ${s.expectedVersion})`,
              position: s.position,
              processed: s.processed,
              'lag (events)': s.lagEvents,
              'lag (s)': s.lagSeconds,
              updated: s.updatedAt?.toISOString() ?? '',
            })),
          );
          for (const s of status.filter((x) => x.state === 'failed')) {
            console.log(
              `\n${s.name} stopped at position ${s.errorPosition}:\n${s.error}\nFix the projector, then: npm run rebuild-projections -- ${s.name}`,
            );
          }
        }
        return status.some((s) => s.state === 'failed') ? 1 : 0;
      } finally {
        await ctx.close();
      }
    }),
  );

await program.parseAsync();
