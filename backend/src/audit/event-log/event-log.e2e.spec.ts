import { orderStreamId } from '@coseso/domain/events/event-reader';
import { completedOrder } from '../../testing/order-journey.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';
import { CSV_COLUMNS, ndjsonLine } from './event-log-export.js';
import { signInAuditor } from '../../admin/testing/back-office.js';

let t: TestApp;
let auditor: { authorization: string };
const orders: string[] = [];
let start: string;

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAIL: 'admin@coseso.test', ADMIN_PASSWORD: 'un-secret-de-test' });
  auditor = await signInAuditor(t);
  start = new Date(Date.now() - 1_000).toISOString();
  for (let i = 0; i < 3; i++) orders.push(await completedOrder(t));
});
afterAll(() => t.close());

const page = (query: Record<string, unknown>) =>
  t.http.get('/api/admin/events').query(query).set(auditor).expect(200);

describe('GET /api/admin/events', () => {
  it('needs a back-office token', async () => {
    await t.http.get('/api/admin/events').expect(401);
    await t.http.get('/api/admin/events/export.ndjson').expect(401);
  });

  it("pages the whole log in the store's order with its cursor, each event whole, hash and all", async () => {
    const before = await t.events();
    const seen: { eventId: string }[] = [];
    let after: string | number = 0;
    for (let pages = 0; ; pages++) {
      const { body } = await page({ after, limit: 4 });
      seen.push(...body.events);
      if (body.nextAfter === null) break;
      expect(body.events).toHaveLength(4);
      after = body.nextAfter;
      expect(pages).toBeLessThan(50);
    }
    // Reactors may append meanwhile: the pages are the log up to some point, each event once.
    const all = await t.events();
    expect(seen.length).toBeGreaterThanOrEqual(before.length);
    expect(seen.map((e) => e.eventId)).toEqual(all.slice(0, seen.length).map((e) => e.eventId));
    // The log opens with the first admin's joining, recorded by the system as the app started.
    const [admin, first] = (await page({ limit: 2 })).body.events;
    expect(admin).toMatchObject({
      streamId: 'team',
      type: 'TeamMemberAdded',
      actor: { kind: 'system' },
      data: expect.objectContaining({ email: 'admin@coseso.test', role: 'admin' }),
    });
    expect(first).toMatchObject({
      streamId: orderStreamId(orders[0]!),
      streamRevision: 0,
      type: 'OrderDraftCreated',
      schemaVersion: 1,
      actor: { kind: 'visitor', name: 'Le visiteur' },
      description: expect.stringMatching(/^Commande #\d+ créée$/),
      data: expect.objectContaining({ orderNumber: expect.any(Number) }),
      metadata: expect.objectContaining({ actor: expect.objectContaining({ kind: 'visitor' }) }),
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('answers a cursor it did not make with a French 400', async () => {
    for (const after of ['12', 'abc:def', '../x']) {
      const { body } = await t.http.get('/api/admin/events').query({ after }).set(auditor).expect(400);
      expect(body.message).toMatch(/^after : Curseur de page invalide/);
    }
  });

  it('filters by order (id or number), type, actor and time', async () => {
    const stream = orderStreamId(orders[1]!);
    const byId = (await page({ order: orders[1] })).body.events;
    expect(byId.length).toBeGreaterThan(1);
    expect(byId.every((e: { streamId: string }) => e.streamId === stream)).toBe(true);
    const orderNumber = byId[0].data.orderNumber;
    expect((await page({ order: String(orderNumber) })).body.events).toEqual(byId);
    expect((await page({ order: '999999' })).body).toEqual({ events: [], nextAfter: null });

    const drafts = (await page({ type: 'OrderDraftCreated' })).body.events;
    expect(drafts.map((e: { streamId: string }) => e.streamId)).toEqual(orders.map(orderStreamId));
    expect((await page({ type: 'OrderDraftCreated', order: orders[2] })).body.events).toHaveLength(1);

    const visitors = (await page({ actorKind: 'visitor', limit: 500 })).body.events;
    expect(visitors.length).toBeGreaterThan(3);
    expect(visitors.every((e: { actor: { kind: string } }) => e.actor.kind === 'visitor')).toBe(true);
    const someone = visitors[0].actor.id;
    const theirs = (await page({ actorKind: 'visitor', actorId: someone, limit: 500 })).body.events;
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((e: { actor: { id: string } }) => e.actor.id === someone)).toBe(true);

    const since = (await t.events()).filter((e) => e.recordedAt.getTime() >= Date.parse(start));
    expect((await page({ from: start, limit: 500 })).body.events.length).toBe(since.length);
    // Before the orders, only what the app recorded as it started: the first admin's joining.
    const earlier = (await page({ to: start })).body.events as { streamId: string; eventId: string }[];
    expect(earlier.every((e) => e.streamId === 'team')).toBe(true);
    const all = await t.events();
    expect(earlier.length + since.length).toBe(all.length);
    expect((await page({ from: '2999-01-01' })).body.events).toEqual([]);
  });

  it('refuses bad filters in French', async () => {
    const bad = async (query: Record<string, unknown>, field: string) => {
      const { body } = await t.http.get('/api/admin/events').query(query).set(auditor).expect(400);
      expect(body.fields[field]).toEqual(expect.any(String));
    };
    await bad({ order: 'commande' }, 'order');
    await bad({ actorKind: 'robot' }, 'actorKind');
    await bad({ from: 'hier' }, 'from');
    await bad({ from: '2026-02-31' }, 'from');
    await bad({ from: '2026-11-02', to: '2026-11-01' }, 'to');
    await bad({ limit: 0 }, 'limit');
    await bad({ limit: 'beaucoup' }, 'limit');
    await bad({ after: '-1' }, 'after');
    await bad({ type: 'DepositPayed' }, 'type');
    await bad({ order: '-3' }, 'order');
  });

  it('reads a known type whatever its case', async () => {
    const { body } = await page({ order: orders[0], type: 'orderdraftcreated' });
    expect(body.events.map((e: { type: string }) => e.type)).toEqual(['OrderDraftCreated']);
  });
});

describe('the exports', () => {
  it('refuse a filter they cannot read instead of exporting more than was asked', async () => {
    for (const format of ['ndjson', 'csv'])
      for (const [query, field] of [
        [{ from: 'hier' }, 'from'],
        [{ from: '2026-11-02', to: '2026-11-01' }, 'to'],
        [{ type: 'Inconnu' }, 'type'],
        [{ order: 'commande' }, 'order'],
        [{ actorKind: 'robot' }, 'actorKind'],
      ] as const) {
        const { body } = await t.http
          .get(`/api/admin/events/export.${format}`)
          .query(query)
          .set(auditor)
          .expect(400);
        expect(body.fields[field]).toEqual(expect.any(String));
      }
  });

  it('stream the filtered log as NDJSON, the same lines as npm run export-events', async () => {
    const response = await t.http.get('/api/admin/events/export.ndjson').set(auditor).expect(200);
    expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="journal-.*\.ndjson"$/);
    const expected = (await t.events()).map(ndjsonLine);
    expect(response.text).toBe(`${expected.join('\n')}\n`);

    const one = await t.http
      .get('/api/admin/events/export.ndjson')
      .query({ order: orders[0], type: 'OrderDraftCreated' })
      .set(auditor)
      .expect(200);
    const lines = one.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toEqual([
      expect.objectContaining({ streamId: orderStreamId(orders[0]!), type: 'OrderDraftCreated' }),
    ]);
  });

  it('stream it as CSV that a spreadsheet reads back', async () => {
    const response = await t.http
      .get('/api/admin/events/export.csv')
      .query({ type: 'OrderFormCompleted' })
      .set(auditor)
      .buffer(true)
      .expect(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text: string = response.text;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(1 + orders.length);
    for (const row of rows.slice(1)) {
      const record = Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, row[i]]));
      expect(record['Type']).toBe('OrderFormCompleted');
      expect(record['Libellé']).toBe('Formulaire finalisé');
      expect(JSON.parse(record['Données']!)).toMatchObject({ price: expect.any(Object) });
      expect(record['Empreinte']).toMatch(/^[0-9a-f]{64}$/);
    }
  });
});

/** The product's CSV (`;`, CRLF), quotes and line breaks inside quoted fields included. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (!quoted && c === '\r' && text[i + 1] === '\n') continue;
    else if (quoted || (c !== ';' && c !== '\n')) field += c;
    else if (c === ';') endField();
    else {
      endField();
      rows.push(row);
      row = [];
    }
  }
  return rows;
}
