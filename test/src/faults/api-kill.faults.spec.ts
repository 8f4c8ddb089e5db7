import { startCoseso } from './coseso-process.js';
import {
  describeStatuses,
  eventCount,
  faultPool,
  liveAndRebuiltReadModels,
  logDefects,
  missingAcknowledged,
  sleep,
  startLoad,
  verifyLog,
  settle,
} from './fault-checks.js';
import { faultInstance } from './fault-instance.js';
import { faultServers, say } from './fault-servers.js';

const servers = faultServers();
const instance = faultInstance('api');
const pool = faultPool(servers);
afterAll(() => instance.close(pool));

it('the API killed with SIGKILL while appending under load: every acknowledged command is in the log, nothing half-written', async () => {
  const background = instance.track(
    await startCoseso(servers, instance, 'projector-worker', ['projector', 'worker']),
  );
  let api = await startCoseso(servers, instance, 'api', ['api']);
  const load = startLoad(() => api.url, { concurrency: 32 });

  for (let round = 1; round <= 3; round++) {
    await sleep(2_000 + Math.random() * 1_000);
    const inFlightBefore = load.result.acknowledged.length;
    await api.kill();
    say(`round ${round}: the API was killed under load (${inFlightBefore} commands acknowledged so far)`);
    await sleep(500);
    api = await startCoseso(servers, instance, 'api', ['api']);
  }
  instance.track(api);
  await sleep(2_000);
  const result = await load.stop();
  say(
    `load stopped: ${result.acknowledged.length} commands acknowledged, ${await eventCount(pool, instance.schema)} events in the log (${describeStatuses(result)})`,
  );

  // Acknowledged means written: nothing the clients were told is missing.
  expect(await missingAcknowledged(pool, instance.schema, result.acknowledged)).toEqual([]);
  // Nothing half-written: every stream whole, its head where its events end, every chain holding.
  expect(await logDefects(pool, instance.schema)).toEqual([]);
  say(await verifyLog(servers, instance));
  // The clients saw the API go away (connections refused or cut), never a 500.
  expect(result.statuses.get('network')).toBeGreaterThan(0);
  expect(result.statuses.get('500')).toBeUndefined();

  await settle(servers, instance, pool, [background, api]);
  const { live, rebuilt } = await liveAndRebuiltReadModels(servers, instance, pool);
  say(`read models: ${JSON.stringify(live)}`);
  expect(live).toEqual(rebuilt);
});
