#!/usr/bin/env node
// Rebuilds read models from the event log without downtime: each is replayed into a shadow schema
// while the live one keeps serving, then swapped in atomically. Several are replayed together, from
// one reading of the log.
import { allProjectors, findProjector } from '@coseso/projections/all-projectors';
import { REBUILD_BATCH_SIZE, rebuildProjections } from '@coseso/projections/rebuild-projection';
import cliProgress from 'cli-progress';
import { Command, InvalidArgumentError } from 'commander';
import { openCliContext, runCli } from './cli-context.js';

const positiveInteger = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number above 0');
  return n;
};

const program = new Command('rebuild-projections')
  .description(
    'Rebuild one read model, or all of them, from the event log, while the live ones keep serving.',
  )
  .argument(
    '[name]',
    `projector to rebuild (${allProjectors.map((p) => p.name).join(', ')}); all when omitted`,
  )
  .option('--batch-size <n>', 'events per batch', positiveInteger, REBUILD_BATCH_SIZE)
  .addHelpText(
    'after',
    '\nExamples:\n  npm run rebuild-projections\n  npm run rebuild-projections -- order-views',
  )
  .action((name: string | undefined, options: { batchSize: number }) =>
    runCli(async () => {
      const named = name === undefined ? undefined : findProjector(name);
      if (name !== undefined && !named)
        throw new Error(`unknown projector "${name}"; known: ${allProjectors.map((p) => p.name).join(', ')}`);
      const projectors = named ? [named] : allProjectors;
      const ctx = await openCliContext();
      try {
        const dataSource = await ctx.readModels();
        const names = projectors.map((p) => p.name).join(', ');
        const bar = new cliProgress.SingleBar(
          {
            format: `{bar} {percentage}% | {value}/{total} events | {rate} events/s | {phase}`,
            hideCursor: true,
          },
          cliProgress.Presets.shades_classic,
        );
        const started = performance.now();
        bar.start(1, 0, { rate: 0, phase: 'replaying' });
        const result = await rebuildProjections({
          store: ctx.store,
          dataSource,
          url: ctx.config.DATABASE_URL,
          schema: ctx.config.DATABASE_SCHEMA,
          projectors,
          batchSize: options.batchSize,
          onProgress: ({ processed, total, phase }) => {
            const seconds = (performance.now() - started) / 1_000;
            bar.setTotal(Math.max(total, 1));
            bar.update(processed, { rate: seconds > 0 ? Math.round(processed / seconds) : 0, phase });
          },
        });
        bar.stop();
        console.log(
          `${names}: ${result.events} events in ${result.seconds.toFixed(2)} s (${Math.round(result.events / Math.max(result.seconds, 0.001))} events/s)`,
        );
      } finally {
        await ctx.close();
      }
    }),
  );

await program.parseAsync();
