import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { orderStreamId } from '@coseso/domain/events/event-reader';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { type Response } from 'superagent';
import { JobQueue } from '../../infra/jobs/job-queue.js';
import { redisKeyPrefix } from '../../infra/redis-key-prefix.js';
import { PG_POOL } from '../../infra/tokens.js';
import { completedOrder, eventually } from '../../testing/order-journey.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';
import { AdminAccounts } from '../../auth/admin-accounts.js';

let t: TestApp;
let admin: Record<string, string>;
let auditor: Record<string, string>;

const signIn = async (email: string, password: string) => {
  const { body } = await t.http.post('/api/admin/login').send({ email, password }).expect(200);
  return { authorization: `Bearer ${body.token}` };
};

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAIL: 'admin@coseso.test', ADMIN_PASSWORD: 'un-secret-de-test' });
  await t.app.get(AdminAccounts).create('audit@coseso.test', 'un-secret-d-audit', 'auditor');
  admin = await signIn('admin@coseso.test', 'un-secret-de-test');
  auditor = await signIn('audit@coseso.test', 'un-secret-d-audit');
});
afterAll(() => t.close());

interface ServerSentEvent {
  readonly event: string;
  readonly data: Record<string, unknown>;
}

/** Reads a server-sent event stream to its end and parses its events. */
async function sse(path: string): Promise<{ response: Response; events: ServerSentEvent[] }> {
  const response = await t.http
    .get(path)
    .set(admin)
    .buffer(true)
    .parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done(null, text));
    })
    .expect(200);
  const events = (response.body as string)
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      const field = (name: string) =>
        lines
          .filter((line) => line.startsWith(`${name}:`))
          .map((line) => line.slice(name.length + 1).trimStart())
          .join('\n');
      return {
        event: field('event') || 'message',
        data: JSON.parse(field('data')) as Record<string, unknown>,
      };
    });
  return { response, events };
}

const orderList = async () => (await t.http.get('/api/orders?limit=500').set(admin).expect(200)).body;

/** The order list once these completed orders are in it, fully projected. */
const settledList = (ids: readonly string[]) =>
  eventually(async () => {
    const list = (await orderList()) as { id: string; status: string }[];
    return (
      ids.every((id) => list.find((order) => order.id === id)?.status === 'contract_ready_for_signature') &&
      list
    );
  });

describe('the operators routes', () => {
  it('need a back-office token, and only admins start rebuilds or retry jobs', async () => {
    await t.http.get('/api/admin/operations/projections').expect(401);
    await t.http.post('/api/admin/operations/rebuilds').send({}).expect(401);
    await t.http.get(`/api/admin/operations/rebuilds/${randomUUID()}/events`).expect(401);
    await t.http.get('/api/admin/operations/rebuilds/current').expect(401);
    await t.http.get('/api/admin/operations/failed-jobs').expect(401);
    await t.http.post('/api/admin/operations/failed-jobs/jobs/x/retry').expect(401);

    await t.http.get('/api/admin/operations/projections').set(auditor).expect(200);
    await t.http.get('/api/admin/operations/failed-jobs').set(auditor).expect(200);
    const refused = await t.http.post('/api/admin/operations/rebuilds').set(auditor).send({}).expect(403);
    expect(refused.body.code).toBe(ErrorCode.ADMIN_FORBIDDEN);
    await t.http.post('/api/admin/operations/failed-jobs/jobs/x/retry').set(auditor).expect(403);
  });

  it('refuse an unknown read model, rebuild or queue', async () => {
    const bad = await t.http
      .post('/api/admin/operations/rebuilds')
      .set(admin)
      .send({ projection: 'nope' })
      .expect(400);
    expect(bad.body.fields).toHaveProperty('projection');
    await t.http.get('/api/admin/operations/rebuilds/pas-un-id/events').set(admin).expect(400);
    const missing = await t.http
      .get(`/api/admin/operations/rebuilds/${randomUUID()}/events`)
      .set(admin)
      .expect(404);
    expect(missing.body.code).toBe(ErrorCode.OPERATIONS_REBUILD_NOT_FOUND);
    await t.http.post('/api/admin/operations/failed-jobs/nope/x/retry').set(admin).expect(400);
    const job = await t.http
      .post('/api/admin/operations/failed-jobs/jobs/absent/retry')
      .set(admin)
      .expect(404);
    expect(job.body.code).toBe(ErrorCode.OPERATIONS_JOB_NOT_FOUND);
  });
});

describe('the projections status', () => {
  it("shows each projector's checkpoint and lag, caught up with the log", async () => {
    await completedOrder(t);
    const status = await eventually(async () => {
      const { body } = await t.http.get('/api/admin/operations/projections').set(admin).expect(200);
      return (body as { lagEvents: number }[]).every((p) => p.lagEvents === 0) && body;
    });
    expect(status.map((p: { name: string }) => p.name)).toEqual([
      'order-views',
      'order-timeline',
      'client-accounts',
      'invoices',
      'conversation',
      'catalogue',
    ]);
    for (const projector of status)
      expect(projector).toMatchObject({ state: 'running', lagEvents: 0, lagSeconds: 0, error: null });
    expect(status[0].position).toBeGreaterThan(0);
  });
});

describe('a rebuild from the operators page', () => {
  it('rebuilds one read model while the list keeps answering, streams its progress, and gives the same rows', async () => {
    const ids = [
      await completedOrder(t, { companyName: 'Fleurs de Lise' }),
      await completedOrder(t, { companyName: 'Garage Dupont' }),
    ];
    const before = await settledList(ids);

    const { body: started } = await t.http
      .post('/api/admin/operations/rebuilds')
      .set(admin)
      .send({ projection: 'order-views' })
      .expect(202);
    expect(started).toMatchObject({ projections: ['order-views'], status: 'running', error: null });

    // A page opened meanwhile finds it.
    const { body: current } = await t.http
      .get('/api/admin/operations/rebuilds/current')
      .set(auditor)
      .expect(200);
    expect(current.rebuild.id).toBe(started.id);

    // One at a time.
    const busy = await t.http.post('/api/admin/operations/rebuilds').set(admin).send({}).expect(409);
    expect(busy.body.code).toBe(ErrorCode.OPERATIONS_REBUILD_RUNNING);

    // The live read model keeps answering during the rebuild.
    const during = orderList();
    const { events } = await sse(`/api/admin/operations/rebuilds/${started.id}/events`);
    expect(await during).toEqual(before);

    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events.slice(0, -1).every((e) => e.event === 'progress')).toBe(true);
    const last = events[events.length - 1]!;
    expect(last.event).toBe('done');
    expect(last.data).toMatchObject({
      id: started.id,
      status: 'done',
      percent: 100,
      secondsLeft: 0,
      error: null,
      current: 'order-views',
    });
    expect(last.data['processed']).toBeGreaterThan(0);
    expect(last.data['eventsPerSecond']).toBeGreaterThan(0);

    expect(await orderList()).toEqual(before);
    const { body: status } = await t.http.get('/api/admin/operations/projections').set(admin).expect(200);
    expect(status[0]).toMatchObject({ name: 'order-views', state: 'running' });

    // A late listener gets the end at once; then another rebuild may start.
    const again = await sse(`/api/admin/operations/rebuilds/${started.id}/events`);
    expect(again.events.at(-1)?.event).toBe('done');
  });

  it('rebuilds every read model ("tout reconstruire")', async () => {
    const before = await settledList([await completedOrder(t, { companyName: 'Atelier Rivière' })]);
    const logBefore = (await t.events()).length;
    const { body: started } = await t.http
      .post('/api/admin/operations/rebuilds')
      .set(admin)
      .send({})
      .expect(202);
    expect(started.projections).toEqual([
      'order-views',
      'order-timeline',
      'client-accounts',
      'invoices',
      'conversation',
      'catalogue',
    ]);
    const { events } = await sse(`/api/admin/operations/rebuilds/${started.id}/events`);
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { status: 'done', current: null } });
    // Replayed together, from one reading of the log: each event counts once for the three.
    const processed = events.at(-1)!.data['processed'] as number;
    expect(processed).toBeGreaterThanOrEqual(logBefore);
    expect(processed).toBeLessThanOrEqual((await t.events()).length);
    expect(await orderList()).toEqual(before);
  });
});

describe('failed side effects', () => {
  it('lists a failed job of each queue with its error and attempts, and a retried job runs its effect once', async () => {
    const eventId = randomUUID();
    const effects: string[] = [];
    let broken = true;
    // A side effect keyed by its event's id, as the reactors' jobs are; a job of this test only.
    const jobs = t.app.get(JobQueue) as unknown as JobQueue<{
      'operations-test-effect': { eventId: string; orderId: string };
    }>;
    jobs.register('operations-test-effect', async (data) => {
      if (broken) throw new Error('le serveur distant ne répond pas');
      effects.push(data.eventId);
    });
    await jobs.enqueue('operations-test-effect', { eventId, orderId: 'o-1' }, { jobId: `effect:${eventId}` });

    // An email whose template does not exist fails at once, without retries.
    const connection = new Redis(t.config.REDIS_URL, { maxRetriesPerRequest: null });
    const emails = new Queue('emails', { connection, prefix: redisKeyPrefix(t.config) });
    await emails.add(
      'nope',
      { template: 'nope', to: 'claire@boulangerie-martin.fr', data: {} },
      { jobId: 'bad-email' },
    );
    await emails.close();
    connection.disconnect();

    type Row = { queue: string; id: string; name: string; error: string; attempts: number; summary: string };
    const failed = await eventually(async () => {
      const { body } = await t.http.get('/api/admin/operations/failed-jobs').set(auditor).expect(200);
      const rows = body as Row[];
      return rows.length === 2 && rows;
    }, 240_000);
    const effect = failed.find((job) => job.queue === 'jobs')!;
    expect(effect).toMatchObject({
      id: `effect_${eventId}`,
      name: 'operations-test-effect',
      error: 'le serveur distant ne répond pas',
      attempts: 6,
      summary: `orderId=o-1 eventId=${eventId}`,
    });
    expect(failed.find((job) => job.queue === 'emails')).toMatchObject({
      id: 'bad-email',
      error: 'Unknown email template "nope"',
      attempts: 1,
      summary: 'template=nope to=claire@boulangerie-martin.fr',
    });

    broken = false;
    await t.http.post(`/api/admin/operations/failed-jobs/jobs/${effect.id}/retry`).set(admin).expect(200);
    // A second click finds it no longer failed.
    const twice = await t.http.post(`/api/admin/operations/failed-jobs/jobs/${effect.id}/retry`).set(admin);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe(ErrorCode.OPERATIONS_JOB_NOT_FAILED);
    await eventually(async () => effects.length > 0);

    // The same event enqueued again (a replay) does nothing: the job is known by its event id.
    await jobs.enqueue('operations-test-effect', { eventId, orderId: 'o-1' }, { jobId: `effect:${eventId}` });
    // Had it been taken as a new job, it would be pending or would have run: wait until nothing is.
    await eventually(async () => {
      const { waiting, active, delayed } = await jobs.counts();
      return waiting === 0 && active === 0 && delayed === 0;
    });
    expect(effects).toEqual([eventId]);
    const { body: after } = await t.http.get('/api/admin/operations/failed-jobs').set(admin).expect(200);
    expect((after as Row[]).map((job) => job.id)).toEqual(['bad-email']);
  }, 240_000);
});

describe('a projector stopped on a poison event', () => {
  it('shows where it stopped and why; a rebuild that fails says why in full; once fixed, a rebuild starts it again', async () => {
    const poison = randomUUID();
    await t.store.appendToStream(
      orderStreamId(randomUUID()),
      [{ eventId: poison, type: 'OrderVanished', schemaVersion: 1, data: {}, metadata: {} }],
      { expectedRevision: 'no_stream' },
    );
    type Status = { name: string; state: string; error: string | null; errorPosition: number | null };
    const stopped = await eventually(async () => {
      const { body } = await t.http.get('/api/admin/operations/projections').set(auditor).expect(200);
      return (body as Status[]).find((p) => p.name === 'order-views' && p.state === 'failed');
    });
    const [{ position }] = (
      await t.app
        .get<pg.Pool>(PG_POOL)
        .query(
          `select global_position as position from "${t.config.DATABASE_SCHEMA}".events where event_id = $1`,
          [poison],
        )
    ).rows as [{ position: string }];
    expect(stopped.errorPosition).toBe(Number(position));
    expect(stopped.error).toContain('OrderVanished');

    const { body: started } = await t.http
      .post('/api/admin/operations/rebuilds')
      .set(admin)
      .send({ projection: 'order-views' })
      .expect(202);
    const { events } = await sse(`/api/admin/operations/rebuilds/${started.id}/events`);
    const end = events.at(-1)!;
    expect(end.event).toBe('failed');
    expect(end.data['status']).toBe('failed');
    // The whole error, stack included, not a summary.
    expect(end.data['error']).toContain('OrderVanished');
    expect(end.data['error']).toMatch(/\n\s+at /);

    // The event is taken out of the log (a fix), then a rebuild brings the projector back.
    await t.app
      .get<pg.Pool>(PG_POOL)
      .query(`delete from "${t.config.DATABASE_SCHEMA}".events where event_id = $1`, [poison]);
    const { body: fixed } = await t.http
      .post('/api/admin/operations/rebuilds')
      .set(admin)
      .send({ projection: 'order-views' })
      .expect(202);
    expect((await sse(`/api/admin/operations/rebuilds/${fixed.id}/events`)).events.at(-1)?.event).toBe(
      'done',
    );
    const orderId = await completedOrder(t, { companyName: 'Après la reprise' });
    await eventually(async () => {
      const list = (await orderList()) as { id: string }[];
      return list.some((order) => order.id === orderId);
    });
    const { body: status } = await t.http.get('/api/admin/operations/projections').set(admin).expect(200);
    expect(status[0]).toMatchObject({ name: 'order-views', state: 'running', error: null });
  });
});
