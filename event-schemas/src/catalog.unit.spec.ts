import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allEventVersions, validateEvent } from './catalog.js';
import { jsonSchemaFiles, readmeWithCatalog } from './json-schema-files.js';
import { loadJsonSchemaValidator } from './json-schema-validator.js';
import { additionalOptionKeys, domainExtensions, templateKeys } from './order/order-keys.js';
import { type Upcaster, upcast, upcasterKey, upcasters } from './upcasters.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const metadata = {
  actor: { kind: 'visitor', id: 'v-1' },
  commandId: 'c-1',
  correlationId: 'c-1',
  causationId: 'c-1',
  occurredAt: '2026-11-22T10:00:00.000Z',
};

describe('the published JSON Schemas', () => {
  it.each(jsonSchemaFiles().map((f) => [f.path, f.content]))(
    '%s is up to date with its definition',
    (path, content) => {
      expect(readFileSync(join(root, path), 'utf8')).toBe(content);
    },
  );

  it('has no file for an event that no longer exists', () => {
    const expected = new Set(jsonSchemaFiles().map((f) => f.path));
    const onDisk = readdirSync(join(root, 'schemas')).flatMap((stream) =>
      readdirSync(join(root, 'schemas', stream)).map((file) => `schemas/${stream}/${file}`),
    );
    expect(onDisk.filter((p) => !expected.has(p))).toEqual([]);
  });

  it('lists every event in the README table', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readmeWithCatalog(readme)).toBe(readme);
  });

  it('compiles every file with an independent validator', () => {
    expect(loadJsonSchemaValidator().schemaCount).toBe(allEventVersions.length);
  });
});

describe('validation', () => {
  const validator = loadJsonSchemaValidator();
  const good = {
    type: 'DepositPaid',
    schemaVersion: 1,
    data: { payment: { provider: 'sandbox', paymentId: 'pay_1' }, amount: 20880 },
    metadata,
  };

  it('accepts a conforming event, with the zod source and the JSON file alike', () => {
    expect(validateEvent(good)).toEqual({ ok: true });
    expect(validator.problems(good)).toEqual([]);
  });

  it.each([
    ['a negative amount', { ...good, data: { ...good.data, amount: -1 } }],
    ['a fractional amount', { ...good, data: { ...good.data, amount: 10.5 } }],
    [
      'an unknown provider',
      { ...good, data: { ...good.data, payment: { provider: 'paypal', paymentId: 'x' } } },
    ],
    ['an extra field', { ...good, data: { ...good.data, cardNumber: '4242' } }],
    ['a missing actor', { ...good, metadata: { ...metadata, actor: undefined } }],
    ['a bad date', { ...good, metadata: { ...metadata, occurredAt: 'yesterday' } }],
  ])('refuses %s, with both validators', (_, event) => {
    expect(validateEvent(event).ok).toBe(false);
    expect(validator.problems(event)).not.toEqual([]);
  });

  it('refuses an unknown type or version', () => {
    expect(validateEvent({ ...good, type: 'MoneyPrinted' }).ok).toBe(false);
    expect(validateEvent({ ...good, schemaVersion: 2 }).ok).toBe(false);
    expect(validator.problems({ ...good, schemaVersion: 2 })).toEqual([
      'no published schema for DepositPaid v2',
    ]);
  });
});

describe('upcasting', () => {
  const registry = new Map<string, Upcaster>([
    [upcasterKey('Renamed', 1), (d: Record<string, unknown>) => ({ fullName: d['name'] })],
    [upcasterKey('Renamed', 2), (d: Record<string, unknown>) => ({ ...d, locale: 'fr' })],
  ]);
  const current = new Map([['Renamed', 3]]);

  it('brings an old event to the current version one step at a time', () => {
    const old = { type: 'Renamed', schemaVersion: 1, data: { name: 'Ada' } };
    expect(upcast(old, registry, current)).toEqual({
      type: 'Renamed',
      schemaVersion: 3,
      data: { fullName: 'Ada', locale: 'fr' },
    });
  });

  it('leaves a current event untouched', () => {
    const event = { type: 'Renamed', schemaVersion: 3, data: { fullName: 'Ada', locale: 'fr' } };
    expect(upcast(event, registry, current)).toBe(event);
  });

  it('fails loudly when a step is missing', () => {
    expect(() => upcast({ type: 'Renamed', schemaVersion: 1, data: {} }, new Map(), current)).toThrow(
      'no upcaster for Renamed v1',
    );
  });
});

describe('the upcast of a stored event', () => {
  it('is checked against the current schema every time, not only in the tests', () => {
    const broken = new Map<string, Upcaster>([
      [upcasterKey('ReviewApproved', 1), (v1) => ({ ...v1, reviewUrl: 42 })],
    ]);
    const stored = { type: 'ReviewApproved', schemaVersion: 1, data: { round: 2 }, metadata };
    expect(() => upcast(stored, broken)).toThrow(
      /ReviewApproved upcast to v2 does not conform to its schema: reviewUrl/,
    );
  });
});

describe('the upcasters of stored events', () => {
  const validator = loadJsonSchemaValidator();

  it('reads a ReviewApproved v1 (the round only) as a v2 receipt without URL or session', () => {
    const stored = { type: 'ReviewApproved', schemaVersion: 1, data: { round: 2 }, metadata };
    // As written, it still validates against its own version's schema.
    expect(validateEvent(stored)).toEqual({ ok: true });
    expect(validator.problems(stored)).toEqual([]);
    const current = upcast(stored, upcasters);
    expect(current).toEqual({
      ...stored,
      schemaVersion: 2,
      data: { round: 2, reviewUrl: null, sessionRef: null },
    });
    expect(validateEvent(current)).toEqual({ ok: true });
    expect(validator.problems(current)).toEqual([]);
  });

  it('reads an OrderReactivated v1 (no reason asked) as a reactivation at the brief whose reason is null', () => {
    const stored = { type: 'OrderReactivated', schemaVersion: 1, data: {}, metadata };
    expect(validateEvent(stored)).toEqual({ ok: true });
    expect(validator.problems(stored)).toEqual([]);
    const current = upcast(stored, upcasters);
    expect(current).toEqual({
      ...stored,
      schemaVersion: 3,
      data: { reason: null, status: 'brief_pending', firstPaymentOwed: false, finalPaymentOwed: false },
    });
    expect(validateEvent(current)).toEqual({ ok: true });
    expect(validator.problems(current)).toEqual([]);
    // A reason is asked since v2: an empty one is no reason, and a v1 carried none.
    expect(validateEvent({ ...current, data: { ...current.data, reason: '' } }).ok).toBe(false);
    expect(validateEvent({ ...stored, data: { reason: 'Reprise' } }).ok).toBe(false);
  });

  it('reads an OrderReactivated v2 as a v3 reactivation at the brief that owes nothing again', () => {
    const stored = { type: 'OrderReactivated', schemaVersion: 2, data: { reason: 'Reprise' }, metadata };
    expect(validateEvent(stored)).toEqual({ ok: true });
    expect(validator.problems(stored)).toEqual([]);
    const current = upcast(stored, upcasters);
    expect(current).toEqual({
      ...stored,
      schemaVersion: 3,
      data: { reason: 'Reprise', status: 'brief_pending', firstPaymentOwed: false, finalPaymentOwed: false },
    });
    expect(validateEvent(current)).toEqual({ ok: true });
    expect(validator.problems(current)).toEqual([]);
    expect(validateEvent({ ...current, data: { reason: 'Reprise' } }).ok).toBe(false);
  });

  it('reads a ContactEmailCorrected v1 as a v2 correction that chose no email to send again', () => {
    const data = { email: 'claire@atelier-martin.example', reason: 'Faute de frappe' };
    const stored = { type: 'ContactEmailCorrected', schemaVersion: 1, data, metadata };
    expect(validateEvent(stored)).toEqual({ ok: true });
    expect(validator.problems(stored)).toEqual([]);
    const current = upcast(stored, upcasters);
    expect(current).toEqual({ ...stored, schemaVersion: 2, data: { ...data, resend: [] } });
    expect(validateEvent(current)).toEqual({ ok: true });
    expect(validator.problems(current)).toEqual([]);
    // v2 requires the choice, even an empty one; v1 knew none.
    expect(validateEvent({ ...current, data }).ok).toBe(false);
    expect(validateEvent({ ...stored, data: { ...data, resend: [] } }).ok).toBe(false);
  });

  it('reads a PaymentRefunded v1 as a v2 refund, unchanged: v2 only adds the renewal among the purposes', () => {
    const data = {
      purpose: 'deposit',
      payment: { provider: 'stripe', paymentId: 'cs_1' },
      amount: 10_000,
      refundId: 're_1',
      reason: 'Remboursement partiel effectué chez le prestataire de paiement',
    };
    const stored = { type: 'PaymentRefunded', schemaVersion: 1, data, metadata };
    expect(validateEvent(stored)).toEqual({ ok: true });
    expect(validator.problems(stored)).toEqual([]);
    const current = upcast(stored, upcasters);
    expect(current).toEqual({ ...stored, schemaVersion: 2 });
    expect(validator.problems(current)).toEqual([]);
    // A renewal is no v1 purpose: only v2 can say it.
    const renewal = { ...current, data: { ...data, purpose: 'renewal' } };
    expect(validator.problems(renewal)).toEqual([]);
    expect(validateEvent({ ...renewal, schemaVersion: 1 }).ok).toBe(false);
  });

  it('reads a CatalogueVersionPublished v1 as a v3 version whose grid sells the extras at the first grid’s prices, with no launch offer', () => {
    const grid = {
      vatRatePercent: 20,
      depositPercent: 50,
      monthlyMarkupPercent: 30,
      templates: Object.fromEntries(
        templateKeys.map((key) => [
          key,
          { recapLabel: key, landingLabel: key, monthlyBaseHT: 2_900, launchFeeHT: 7_900, features: [] },
        ]),
      ),
      options: Object.fromEntries(
        additionalOptionKeys.map((key) => [key, { label: key, priceHT: 24_900, period: 'yearly' }]),
      ),
      logoContentPricesHT: { ai: 9_900, professional: 49_000 },
      domainPricesHT: Object.fromEntries(domainExtensions.map((key) => [key, 1_500])),
      hostingIncludes: ['Certificat SSL'],
    };
    const data = {
      version: 2,
      effectiveFrom: '2026-12-07T10:00:00.000Z',
      reason: 'Hausse',
      changes: [],
      grid,
    };
    const stored = { type: 'CatalogueVersionPublished', schemaVersion: 1, data, metadata };
    expect(validateEvent(stored)).toEqual({ ok: true });
    expect(validator.problems(stored)).toEqual([]);
    const current = upcast(stored, upcasters);
    const extras = {
      accountManager: { label: 'Chargé de compte dédié', yearlyPriceHT: 29_900 },
      expressCreationFromMonthlyHT: 1_900,
      externalHostFromMonthlyHT: 600,
    };
    expect(current).toEqual({
      ...stored,
      schemaVersion: 3,
      data: { ...data, grid: { ...grid, ...extras, launchOffers: [] } },
    });
    expect(validator.problems(current)).toEqual([]);
    // v2 requires the extras; v1 knew none.
    expect(validateEvent({ ...stored, schemaVersion: 2 }).ok).toBe(false);
    expect(validateEvent({ ...current, schemaVersion: 1 }).ok).toBe(false);

    // A v2 version, as written then: read with no launch offer; v3 requires the list, v2 knew none.
    const v2 = { ...stored, schemaVersion: 2, data: { ...data, grid: { ...grid, ...extras } } };
    expect(validateEvent(v2)).toEqual({ ok: true });
    expect(upcast(v2, upcasters)).toEqual(current);
    expect(validateEvent({ ...v2, schemaVersion: 3 }).ok).toBe(false);
    expect(validateEvent({ ...current, schemaVersion: 2 }).ok).toBe(false);
    // Neither v1 nor v2 could add an offer: the change kind is v3's.
    const offer = {
      id: 'lancement-2027',
      label: 'Offre de lancement',
      reduction: { kind: 'percent', percent: 20 },
      startsAt: '2027-01-01T00:00:00.000Z',
      endsAt: '2027-02-01T00:00:00.000Z',
    };
    const adding = { ...data, changes: [{ kind: 'addLaunchOffer', offer }] };
    expect(validateEvent({ ...v2, data: { ...v2.data, ...adding } }).ok).toBe(false);
    expect(
      validateEvent({
        ...current,
        data: { ...adding, grid: { ...current.data.grid, launchOffers: [offer] } },
      }),
    ).toEqual({ ok: true });
  });
});
