import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { type OrderForm } from '@coseso/domain/orders/order-form';
import { type OrderStatus } from '@coseso/domain/orders/order-status';
import type pg from 'pg';
import { PG_POOL } from '../../infra/tokens.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';
import { ADMIN_ENV, projected, seedOrder, settled, signInAdmin } from '../testing/back-office.js';

let t: TestApp;
let auth: { authorization: string };

interface Seeded {
  orderId: string;
  orderNumber: number;
  status: OrderStatus;
  form: OrderForm;
}
const listed: Seeded[] = [];
const emptyDrafts: string[] = [];
let filledDraft: string;

const special: { status: OrderStatus; billing?: 'monthly'; form: OrderForm }[] = [
  {
    status: 'delivered',
    form: {
      companyName: 'Boulangerie Dupont',
      companySector: 'Boulangerie',
      contactEmail: 'jean@dupont.fr',
      selectedTemplate: 'onepage',
    },
  },
  {
    status: 'in_progress',
    form: {
      companyName: 'Fleurs et Compagnie',
      companySector: 'Fleuriste',
      contactEmail: 'contact@fleurs-cie.fr',
      selectedTemplate: 'portfolio',
    },
  },
  {
    status: 'en_revision',
    form: {
      companyName: 'Garage 100% Auto',
      companySector: 'Automobile',
      contactEmail: 'atelier@garage-auto.fr',
      selectedTemplate: 'business',
    },
  },
  {
    status: 'awaiting_first_monthly_payment',
    billing: 'monthly',
    form: {
      companyName: 'Épicerie des Coteaux',
      companySector: 'Caviste',
      contactEmail: 'cave@coteaux.fr',
      selectedTemplate: 'ecommerce',
    },
  },
];
const cycle: OrderStatus[] = ['contract_signed', 'brief', 'in_progress', 'cancelled'];
const templates = ['onepage', 'portfolio', 'business', 'ecommerce'] as const;

beforeAll(async () => {
  t = await startTestApp(ADMIN_ENV);
  ({ auth } = await signInAdmin(t));
  for (const s of special) {
    const { orderId, orderNumber } = await seedOrder(t, s.status, {
      form: s.form,
      ...(s.billing ? { billing: s.billing } : {}),
    });
    listed.push({ orderId, orderNumber, status: s.status, form: s.form });
  }
  for (let n = 0; n < 20; n++) {
    const form: OrderForm = {
      companyName: `Société ${n}`,
      companySector: 'Conseil',
      contactEmail: `contact${n}@societe.fr`,
      selectedTemplate: templates[n % 4],
    };
    const status = cycle[n % 4]!;
    const { orderId, orderNumber } = await seedOrder(t, status, { form });
    listed.push({ orderId, orderNumber, status, form });
  }
  for (let n = 0; n < 3; n++) emptyDrafts.push((await seedOrder(t, 'pending')).orderId);
  // A draft someone started filling in is an order of the list.
  filledDraft = (await t.http.post('/api/create-order').send({ companyName: 'Plomberie Martin' }).expect(201))
    .body.orderId;
  await settled(t);
  await projected(t);
}, 300_000); // the orders of every search and filter, through the API, settled: minutes on a busy machine
afterAll(() => t.close());

const list = async (query: Record<string, string | number> = {}) =>
  (await t.http.get('/api/admin/orders').set(auth).query(query).expect(200)).body;
const ids = (body: { orders: { id: string }[] }) => body.orders.map((o) => o.id).sort();

describe('GET /api/admin/orders', () => {
  it('pages every order but the empty drafts, 10 at a time, most recently active first', async () => {
    const pages = [await list(), await list({ page: 2 }), await list({ page: 3 })];
    expect(pages.map((p) => p.orders.length)).toEqual([10, 10, 5]);
    expect(pages[0]).toMatchObject({ total: 25, page: 1, pageSize: 10, pageCount: 3 });
    const all = pages.flatMap((p) => p.orders);
    expect(all.map((o: { id: string }) => o.id).sort()).toEqual(
      [...listed.map((o) => o.orderId), filledDraft].sort(),
    );
    const times = all.map((o: { lastActiveAt: string }) => Date.parse(o.lastActiveAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(await list({ page: 4 })).toMatchObject({ orders: [], total: 25, page: 4, pageCount: 3 });
  });

  it('shows the empty drafts behind the « Brouillons » filter only', async () => {
    const drafts = await list({ drafts: 'true' });
    expect(ids(drafts)).toEqual([...emptyDrafts].sort());
    expect(drafts.total).toBe(3);
    expect(drafts.orders[0]).toMatchObject({
      emptyDraft: true,
      status: 'pending',
      displayName: expect.stringMatching(/^Commande #\d+$/),
      allowedActions: [],
    });
  });

  it.each([
    ['boulangerie', ['Boulangerie Dupont']],
    ['FLEURS', ['Fleurs et Compagnie']],
    ['@coteaux.fr', ['Épicerie des Coteaux']],
    ['automobile', ['Garage 100% Auto']],
    ['100%', ['Garage 100% Auto']],
    [
      'société 1',
      [
        'Société 1',
        'Société 10',
        'Société 11',
        'Société 12',
        'Société 13',
        'Société 14',
        'Société 15',
        'Société 16',
        'Société 17',
        'Société 18',
        'Société 19',
      ],
    ],
    ['plomberie', ['Plomberie Martin']],
    ['introuvable', []],
  ])('searches %j in company, email and sector, whatever the case', async (search, companies) => {
    const body = await list({ search, pageSize: 50 });
    expect(body.orders.map((o: { companyName: string }) => o.companyName).sort()).toEqual(
      [...companies].sort(),
    );
    expect(body.total).toBe(companies.length);
  });

  it('searches the order id as text and the order number', async () => {
    const target = listed[7]!;
    expect(ids(await list({ search: target.orderId.slice(0, 13).toUpperCase() }))).toEqual([target.orderId]);
    expect(ids(await list({ search: target.orderId }))).toEqual([target.orderId]);
    expect(ids(await list({ search: `#${target.orderNumber}` }))).toEqual([target.orderId]);
  });

  it('filters by status and template, with the search, counting the matches', async () => {
    const briefs = await list({ status: 'brief', pageSize: 50 });
    const expected = listed.filter((o) => o.status === 'brief');
    expect(ids(briefs)).toEqual(expected.map((o) => o.orderId).sort());
    expect(briefs.total).toBe(expected.length);

    const portfolio = await list({ template: 'portfolio', pageSize: 50 });
    expect(ids(portfolio)).toEqual(
      listed
        .filter((o) => o.form.selectedTemplate === 'portfolio')
        .map((o) => o.orderId)
        .sort(),
    );
    const both = await list({ status: 'in_progress', template: 'business', search: 'SOCIÉTÉ' });
    expect(ids(both)).toEqual(
      listed
        .filter(
          (o) =>
            o.status === 'in_progress' &&
            o.form.selectedTemplate === 'business' &&
            o.form.companyName?.startsWith('Société'),
        )
        .map((o) => o.orderId)
        .sort(),
    );
    expect(both.total).toBeGreaterThan(0);
    expect((await list({ status: 'all', template: 'all' })).total).toBe(25);
  });

  it('gives each card what it shows: name, badges, progress, activity and the possible actions', async () => {
    const delivered = listed[0]!;
    const { orders } = await list({ search: 'Boulangerie Dupont' });
    expect(orders[0]).toMatchObject({
      id: delivered.orderId,
      displayName: 'Boulangerie Dupont',
      companySector: 'Boulangerie',
      contactEmail: 'jean@dupont.fr',
      billingPeriod: 'yearly',
      status: 'delivered',
      statusLabel: 'Livré',
      payment: { stage: 'paid_in_full', label: 'Acompte et solde payés' },
      currentStep: 8,
      failedEmails: 0,
      allowedActions: [],
    });
    const { orders: monthly } = await list({ search: 'Épicerie des Coteaux' });
    expect(monthly[0]).toMatchObject({
      billingPeriod: 'monthly',
      payment: { stage: 'first_paid', label: 'Mise en service payée' },
      allowedActions: expect.arrayContaining([
        expect.objectContaining({ action: 'record_offline_payment', to: 'ready_for_delivery' }),
      ]),
    });
    const { orders: draft } = await list({ search: 'Plomberie' });
    expect(draft[0]).toMatchObject({
      payment: { stage: 'unpaid', label: 'Aucun paiement' },
      emptyDraft: false,
    });
  });

  it('computes each card’s actions and next step when read, by the panel’s own rules: the summary stores neither', async () => {
    const { orders } = await list({ pageSize: 100 });
    expect(orders.length).toBeGreaterThan(20);
    for (const order of orders as { id: string; allowedActions: unknown; nextStep: unknown }[]) {
      const panel = (await t.http.get(`/api/admin/orders/${order.id}`).set(auth).expect(200)).body;
      expect({ id: order.id, allowedActions: order.allowedActions, nextStep: order.nextStep }).toEqual({
        id: order.id,
        allowedActions: panel.allowedActions,
        nextStep: panel.nextStep,
      });
    }
    // Nothing the decider decides is stored: a rule change shows on the next read, without a rebuild.
    const { rows } = await t.app
      .get<pg.Pool>(PG_POOL)
      .query<{ column_name: string }>(
        `select column_name from information_schema.columns where table_schema = $1 and table_name = 'order_summary'`,
        [t.config.DATABASE_SCHEMA],
      );
    const columns = rows.map((r) => r.column_name);
    expect(columns).toContain('status');
    expect(columns).not.toContain('allowed_actions');
    expect(columns).not.toContain('next_step');
    // What they are computed from: the facts the rules read, on the row (no join of the folded state).
    expect(columns).toContain('move_facts');
  });

  describe('sorted', () => {
    interface Item {
      id: string;
      companyName: string;
      totalWithVat: number | null;
      createdAt: string;
      lastActiveAt: string;
    }
    const byId = (a: Item, b: Item) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const time = (value: string) => Date.parse(value);
    const name = (item: Item) => item.companyName.toLowerCase();
    // What each sort means, written out independently of the handler: the key, then the id.
    const expected: Record<string, (a: Item, b: Item) => number> = {
      activity: (a, b) => time(b.lastActiveAt) - time(a.lastActiveAt) || byId(a, b),
      recent: (a, b) => time(b.createdAt) - time(a.createdAt) || byId(a, b),
      oldest: (a, b) => time(a.createdAt) - time(b.createdAt) || byId(b, a),
      amount: (a, b) => (b.totalWithVat ?? -Infinity) - (a.totalWithVat ?? -Infinity) || byId(a, b),
      // In French order: « Épicerie » among the E, not after the Z.
      client: (a, b) => name(a).localeCompare(name(b), 'fr') || byId(a, b),
    };

    it.each(Object.keys(expected))('by %s, page after page, each order once', async (sort) => {
      const pages = [1, 2, 3].map((page) => list({ sort, page }));
      const all: Item[] = (await Promise.all(pages)).flatMap((p) => p.orders);
      expect(all).toHaveLength(25);
      expect(new Set(all.map((o) => o.id)).size).toBe(25);
      expect(all.map((o) => o.id)).toEqual([...all].sort(expected[sort]).map((o) => o.id));
    });

    it('with the filters: the amounts of one status, highest first', async () => {
      const { orders } = await list({ sort: 'amount', status: 'in_progress' });
      const amounts = orders.map((o: Item) => o.totalWithVat);
      expect(orders.length).toBeGreaterThan(1);
      expect(amounts).toEqual([...amounts].sort((a, b) => (b ?? -Infinity) - (a ?? -Infinity)));
    });

    it('refuses a sort outside its list, in French', async () => {
      const { body } = await t.http.get('/api/admin/orders').set(auth).query({ sort: 'price' }).expect(400);
      expect(body.fields.sort).toMatch(/^Choix inconnu : activity, recent, oldest, amount, client, waiting$/);
    });
  });

  it('refuses a filter outside the lists, in French', async () => {
    const { body } = await t.http.get('/api/admin/orders').set(auth).query({ status: 'livré' }).expect(400);
    expect(body.code).toBe(ErrorCode.REQUEST_INVALID);
    expect(body.fields.status).toMatch(/^Choix inconnu : all, pending, /);
    await t.http.get('/api/admin/orders').set(auth).query({ page: 0 }).expect(400);
    await t.http.get('/api/admin/orders').set(auth).query({ template: 'blog' }).expect(400);
    await t.http.get('/api/admin/orders').set(auth).query({ drafts: 'oui' }).expect(400);
    const queue = await t.http.get('/api/admin/orders').set(auth).query({ queue: 'urgent' }).expect(400);
    expect(queue.body.fields.queue).toBe('Choix inconnu : team, client, payment_failed');
  });

  describe('the saved views', () => {
    // The team's move: a contract signed (open the brief), a brief submitted, production, changes asked.
    const team: OrderStatus[] = ['contract_signed', 'brief', 'in_progress', 'ready_for_delivery'];
    const client: OrderStatus[] = ['en_revision', 'awaiting_first_monthly_payment', 'pending'];
    const expectedIds = (statuses: OrderStatus[]) =>
      [
        ...listed.filter((o) => statuses.includes(o.status)).map((o) => o.orderId),
        ...(statuses.includes('pending') ? [filledDraft] : []),
      ].sort();

    it('« À traiter »: the orders whose move is the team’s, the longest wait first, each saying what to do', async () => {
      const body = await list({ queue: 'team', pageSize: 100 });
      expect(ids(body)).toEqual(expectedIds(team));
      const steps = body.orders.map(
        (o: { nextStep: { actor: string; text: string; since: string } }) => o.nextStep,
      );
      expect(
        steps.every(
          (s: { actor: string; text: string }) => s.actor === 'team' && s.text.startsWith('À faire : '),
        ),
      ).toBe(true);
      const since = steps.map((s: { since: string }) => s.since);
      expect(since).toEqual([...since].sort());
    });

    it('« En attente du client »: the orders whose move is the client’s, said so', async () => {
      const body = await list({ queue: 'client', pageSize: 100 });
      expect(ids(body)).toEqual(expectedIds(client));
      for (const order of body.orders as { nextStep: { text: string } }[])
        expect(order.nextStep.text).toMatch(/^En attente du client : /);
    });

    it('« Annulées » is the cancelled status, which the filter lists', async () => {
      const body = await list({ status: 'cancelled', pageSize: 100 });
      expect(ids(body)).toEqual(expectedIds(['cancelled']));
      expect(body.orders[0].nextStep).toMatchObject({ actor: 'none', text: 'Annulée' });
    });

    it('counts each view as it lists it', async () => {
      const { body } = await t.http.get('/api/admin/order-views').set(auth).expect(200);
      expect(body).toEqual({
        team: expectedIds(team).length,
        client: expectedIds(client).length,
        payment_failed: (await list({ queue: 'payment_failed' })).total,
        cancelled: expectedIds(['cancelled']).length,
      });
      expect(body.payment_failed).toBe(0);
    });
  });
});

describe('GET /api/orders (the email-test page’s latest orders)', () => {
  it('is the same list: empty drafts no longer push a real order out', async () => {
    const { body } = await t.http.get('/api/orders').set(auth).query({ limit: 5 }).expect(200);
    expect(body).toHaveLength(5);
    expect(body.map((o: { id: string }) => o.id)).not.toEqual(expect.arrayContaining([emptyDrafts[0]]));
    expect(body).toEqual((await list({ pageSize: 5 })).orders);
  });
});

describe('GET /api/admin/orders/:orderId', () => {
  it('gives the detail panel every section, from the order-detail read model', async () => {
    const target = listed[1]!; // in production, Fleurs et Compagnie
    const { body } = await t.http.get(`/api/admin/orders/${target.orderId}`).set(auth).expect(200);
    expect(body).toMatchObject({
      id: target.orderId,
      companyName: 'Fleurs et Compagnie',
      contactFirstName: 'Claire',
      contactLastName: 'Martin',
      contactEmail: 'contact@fleurs-cie.fr',
      selectedTemplate: 'portfolio',
      status: 'in_progress',
      statusLabel: 'Production',
      depositPaid: true,
      contractSigned: true,
      briefValidatedByAdmin: true,
      briefNotes: 'Complet',
      payment: { stage: 'first_paid', label: 'Acompte payé' },
      files: [],
      nothingToSend: true,
      briefChecklist: [
        { item: 'logo', label: 'Logo', required: true, provided: false },
        { item: 'content', label: 'Contenus texte', required: true, provided: false },
        { item: 'arborescence', label: 'Arborescence du site', required: true, provided: false },
      ],
      allowedActions: [
        {
          action: 'send_review_link',
          to: 'en_revision',
          correction: false,
          label: 'Envoyer le lien de révision',
        },
        { action: 'cancel', to: 'cancelled', correction: false, label: 'Annuler la commande' },
        {
          action: 'correct_status',
          to: 'brief',
          correction: true,
          label: 'Correction : revenir à « Brief »',
        },
      ],
    });
    expect(body.price.totalWithVat).toBeGreaterThan(0);
    await t.http.get('/api/admin/orders/3f1c6a53-8a1b-4c1d-9e8f-0a1b2c3d4e5f').set(auth).expect(404);
    await t.http.get('/api/admin/orders/pas-un-id').set(auth).expect(400);
  });
});
