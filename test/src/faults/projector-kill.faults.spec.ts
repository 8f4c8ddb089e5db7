import { type CosesoProcess, startCoseso } from './coseso-process.js';
import {
  describeStatuses,
  expectNothingLost,
  faultPool,
  projectionLag,
  q,
  sleep,
  startLoad,
  settle,
} from './fault-checks.js';
import { faultInstance } from './fault-instance.js';
import { faultServers, say } from './fault-servers.js';

const servers = faultServers();
const instance = faultInstance('projector');
const pool = faultPool(servers);
afterAll(() => instance.close(pool));

/** Events applied so far, all projectors together: it moves only when a batch commits. */
const applied = async () => {
  const { rows } = await pool.query<{ n: string }>(
    `select coalesce(sum(processed), 0) as n from ${q(instance.schema)}.projection_checkpoints`,
  );
  return Number(rows[0]!.n);
};

it('a projector killed with SIGKILL mid-batch, three times, and restarted: nothing lost or applied twice', async () => {
  const api = instance.track(await startCoseso(servers, instance, 'api', ['api', 'worker']));
  const load = startLoad(() => api.url, { concurrency: 16 });
  await sleep(3_000); // a backlog: the projector will catch up in full batches, one after the other

  const kills: string[] = [];
  for (let round = 1; round <= 3; round++) {
    const before = await applied();
    const projector: CosesoProcess = await startCoseso(servers, instance, 'projector', ['projector']);
    // Killed between two of its batches' commits, with more to apply: in the middle of its work.
    let lag = 0;
    for (let tries = 0; tries < 2_000; tries++) {
      lag = await projectionLag(pool, instance.schema);
      if ((await applied()) > before && lag > 0) break;
      await sleep(10);
    }
    await projector.kill();
    const progress = (await applied()) - before;
    kills.push(`round ${round}: ${progress} events applied, ${lag} still to apply`);
    say(
      `round ${round}: the projector was killed after applying ${progress} events, with ${lag} still to apply`,
    );
    expect(progress).toBeGreaterThan(0);
    expect(lag).toBeGreaterThan(0);
    await sleep(2_000); // the log keeps growing while no projector runs
  }

  const projector = instance.track(await startCoseso(servers, instance, 'projector', ['projector']));
  await sleep(1_000);
  const result = await load.stop();
  say(`load stopped: ${result.acknowledged.length} commands acknowledged (${describeStatuses(result)})`);
  await settle(servers, instance, pool, [api, projector]);

  expect(result.statuses.get('500')).toBeUndefined();
  await expectNothingLost(servers, instance, pool, result.acknowledged);
});
