import { type CosesoProcess, startCoseso } from './coseso-process.js';
import {
  describeStatuses,
  expectNothingLost,
  faultPool,
  projectionLag,
  q,
  startLoad,
  settle,
} from './fault-checks.js';
import { faultInstance } from './fault-instance.js';
import { untilAcknowledged, untilLogGrows, waitFor } from './fault-waits.js';
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
  // A backlog of several batches (500 events each): the projector will catch up in full batches, one after the other.
  await untilLogGrows(pool, instance.schema, 1_500, 300_000);

  const kills: string[] = [];
  for (let round = 1; round <= 3; round++) {
    const before = await applied();
    const projector: CosesoProcess = await startCoseso(servers, instance, 'projector', ['projector']);
    // Killed between two of its batches' commits, with more to apply: in the middle of its work.
    let lag = 0;
    await waitFor(
      'a batch committed, with more to apply',
      async () => {
        lag = await projectionLag(pool, instance.schema);
        return (await applied()) > before && lag > 0;
      },
      60_000,
      10,
    ).catch(() => {}); // the expectations below say what it got to
    await projector.kill();
    const progress = (await applied()) - before;
    kills.push(`round ${round}: ${progress} events applied, ${lag} still to apply`);
    say(
      `round ${round}: the projector was killed after applying ${progress} events, with ${lag} still to apply`,
    );
    expect(progress).toBeGreaterThan(0);
    expect(lag).toBeGreaterThan(0);
    await untilLogGrows(pool, instance.schema, 200); // the log keeps growing while no projector runs
  }

  const projector = instance.track(await startCoseso(servers, instance, 'projector', ['projector']));
  // The last projector applies while the load still appends.
  const before = await applied();
  await waitFor('the restarted projector applying', async () => (await applied()) > before, 60_000);
  await untilAcknowledged(load, 50);
  const result = await load.stop();
  say(`load stopped: ${result.acknowledged.length} commands acknowledged (${describeStatuses(result)})`);
  await settle(servers, instance, pool, [api, projector]);

  expect(result.statuses.get('500')).toBeUndefined();
  await expectNothingLost(servers, instance, pool, result.acknowledged);
});
