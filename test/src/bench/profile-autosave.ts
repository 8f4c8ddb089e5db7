// Where an autosave's time goes: the bench's servers under the autosave load alone, each with a
// V8 CPU profile, then a summary of each profile (the .cpuprofile files open in Chrome's DevTools).
//   SWC_NODE_PROJECT=tsconfig.base.json node --conditions=source --import @swc-node/register/esm-register \
//     test/src/bench/profile-autosave.ts [one|split] [seconds] [noop] [allocations]
// With `allocations`, the API process's profile is of the bytes allocated (garbage included), not time.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { testDatabaseUrl } from '@coseso/database/testing/postgres-test-schema';
import { CONNECTIONS, autosavePath, newOrder, noopPath, postLoad, startBenchServers } from './autosave.js';
import { fmt } from './bench-kit.js';
import { printProfile, summariseProfile } from './cpu-profile.js';

const layout = process.argv[2] ?? 'one';
const seconds = Number(process.argv[3] ?? 10);
const route = process.argv.includes('noop') ? noopPath : autosavePath;
const allocations = process.argv.includes('allocations');
const dir = mkdtempSync(join(tmpdir(), 'coseso-profile-'));
const servers = await startBenchServers({
  url: process.env['BENCH_DATABASE_URL'] ?? testDatabaseUrl(),
  schema: `bench_profile_${randomBytes(4).toString('hex')}`,
  processes: layout === 'split' ? ['api', 'projector,worker'] : ['api,projector,worker'],
  // The projector process has no route to start a profile: it is profiled from its start.
  ...(layout === 'split' ? { cpuProfileDir: dir } : {}),
});
const post = (path: string, body: unknown = {}) =>
  fetch(`${servers.base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
try {
  const orders = await Promise.all(Array.from({ length: CONNECTIONS }, () => newOrder(servers.base)));
  await postLoad(servers.base, orders, route, 2); // warm-up
  // The API process answers on the port; a projector process alone is not profiled.
  await post('/api/bench/profile/start', { allocations });
  const result = await postLoad(servers.base, orders, route, seconds);
  const file = join(dir, allocations ? 'api.heapprofile' : 'api.cpuprofile');
  await post('/api/bench/profile/stop', { file, allocations });
  console.log(
    `${fmt(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ${result.non2xx + result.errors} errors`,
  );
  if (allocations)
    console.log(
      `${fmt(summariseProfile(file).total / result.requests.total / 1024)} kB allocated per request`,
    );
} finally {
  await servers.stop();
}
for (const file of readdirSync(dir)) printProfile(join(dir, file));
