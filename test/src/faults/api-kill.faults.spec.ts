import { startCoseso } from './coseso-process.js';
import {
  describeStatuses,
  eventCount,
  faultPool,
  liveAndRebuiltReadModels,
  logDefects,
  missingAcknowledged,
  startLoad,
  verifyLog,
  settle,
} from './fault-checks.js';
import { faultInstance } from './fault-instance.js';
import { untilAcknowledged, untilClientsSaw } from './fault-waits.js';
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
    // Killed once this API has served the load a while: a varying count, so that the kill falls
    // at a different point of the requests under way each round.
    await untilAcknowledged(load, 100 + Math.floor(Math.random() * 100));
    const inFlightBefore = load.result.acknowledged.length;
    await api.kill();
    say(`round ${round}: the API was killed under load (${inFlightBefore} commands acknowledged so far)`);
    // Restarted once the clients have met it gone (connections refused or cut).
    await untilClientsSaw(load, 'network', 16);
    api = await startCoseso(servers, instance, 'api', ['api']);
  }
  instance.track(api);
  // The last API serves the load before it stops: the restarted process appends too.
  await untilAcknowledged(load, 100);
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
