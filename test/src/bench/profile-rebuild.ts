// Where a rebuild's time goes, run again and again over one seeded log (seeding a million events
// takes longer than the rebuild): `seed` makes the log in a schema of its own, `run` rebuilds every
// read model from it and prints the time, the peak RSS and, per Postgres backend of the rebuild,
// the CPU it used; `drop` removes the schema. With `--cpu-prof` on node's command line, the profile
// of the run is written where node writes it; with REBUILD_ALLOCATIONS=file.heapprofile, what the
// run allocated is sampled into that file and summarised.
//   SWC_NODE_PROJECT=tsconfig.base.json node --conditions=source --import @swc-node/register/esm-register \
//     test/src/bench/profile-rebuild.ts seed|run|drop [events]
import { allMigrations } from '@coseso/backend/infra/database/all-migrations';
import { migrateDatabase } from '@coseso/database/migration-runner';
import { PostgresEventStore } from '@coseso/event-store/postgres-adapter';
import { testDatabaseUrl } from '@coseso/database/testing/postgres-test-schema';
import { allProjectors } from '@coseso/projections/all-projectors';
import { openReadModelDataSource } from '@coseso/projections/read-model-data-source';
import { rebuildProjections } from '@coseso/projections/rebuild-projection';
import pg from 'pg';
import { fmt } from './bench-kit.js';
import { printProfile, sampleAllocations } from './cpu-profile.js';
import { processCpuMs, watchPeakRss, withApplicationName } from './cpu-cost.js';
import { decryptingStore, seedLog } from './seed-log.js';

const application = 'coseso-rebuild-profile';
const url = withApplicationName(process.env['BENCH_DATABASE_URL'] ?? testDatabaseUrl(), application);
const schema = process.env['REBUILD_SCHEMA'] ?? 'bench_rebuild_profile';
const command = process.argv[2] ?? 'run';
const pool = new pg.Pool({ connectionString: url, max: 8 });

try {
  if (command === 'drop') {
    await pool.query(`drop schema if exists ${schema} cascade`);
  } else if (command === 'seed') {
    await pool.query(`drop schema if exists ${schema} cascade`);
    await migrateDatabase({ url, schema, migrations: allMigrations });
    const started = performance.now();
    const { events, orders } = await seedLog(pool, schema, Number(process.argv[3] ?? 1_000_000));
    await pool.query(`analyze ${schema}.events`);
    console.log(
      `${fmt(events)} events of ${fmt(orders)} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } else {
    const store = await PostgresEventStore.open({ pool, schema, connectionString: url });
    const dataSource = await openReadModelDataSource({
      url,
      schema,
      entities: allProjectors.flatMap((p) => p.entities),
    });
    const memory = watchPeakRss();
    // The backends' CPU, read while they live (the shadows' connections close before the end).
    const monitor = new pg.Client({ connectionString: url.replace(application, `${application}-monitor`) });
    await monitor.connect();
    const backends = new Map<number, { before: number; last: number }>();
    const sampleBackends = async () => {
      const { rows } = await monitor.query<{ pid: number }>(
        'select pid from pg_stat_activity where application_name = $1',
        [application],
      );
      for (const { pid } of rows) {
        const ms = processCpuMs(pid);
        const known = backends.get(pid);
        if (known) known.last = Math.max(known.last, ms);
        else backends.set(pid, { before: ms, last: ms });
      }
    };
    await sampleBackends();
    const backendSampler = setInterval(() => void sampleBackends().catch(() => {}), 100);
    const allocations = process.env['REBUILD_ALLOCATIONS'];
    const stopSampling = allocations ? await sampleAllocations() : null;
    const cpuBefore = process.cpuUsage();
    let lastPhase = '';
    const phaseStarted = performance.now();
    const result = await rebuildProjections({
      // The log as the operators' rebuild reads it: personal fields decrypted on the way.
      store: decryptingStore(store, pool, schema),
      dataSource,
      url,
      schema,
      projectors: allProjectors,
      onProgress: ({ phase }) => {
        if (phase !== lastPhase) {
          console.log(`${phase} at ${((performance.now() - phaseStarted) / 1000).toFixed(2)} s`);
          lastPhase = phase;
        }
      },
    });
    memory.stop();
    clearInterval(backendSampler);
    if (allocations) await stopSampling?.(allocations);
    const cpu = process.cpuUsage(cpuBefore);
    const backendSeconds = [...backends.values()].reduce((sum, b) => sum + b.last - b.before, 0) / 1000;
    await monitor.end();
    console.log(
      `${fmt(result.events)} events in ${result.seconds.toFixed(2)} s = ${fmt(result.events / result.seconds)} events/s; ` +
        `node CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s, its pg backends ${backendSeconds.toFixed(1)} s (${backends.size}); ` +
        `RSS before ${fmt(memory.before / 1_048_576)} MB, peak ${fmt(memory.peak / 1_048_576)} MB (+${fmt((memory.peak - memory.before) / 1_048_576)})`,
    );
    const counts = await pool.query(
      `select (select count(*) from ${schema}.order_detail) detail, (select count(*) from ${schema}.order_summary) summary,
              (select count(*) from ${schema}.order_timeline) timeline, (select count(*) from ${schema}.client_account) accounts`,
    );
    console.log(counts.rows[0]);
    if (allocations) printProfile(allocations);
    await dataSource.destroy();
    await store.close();
  }
} finally {
  await pool.end();
}
