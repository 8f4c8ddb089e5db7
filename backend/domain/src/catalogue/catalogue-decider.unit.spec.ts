import fc from 'fast-check';
import { currentDefinition, validateEvent } from '@coseso/event-schemas/catalog';
import { type CatalogueChange, type CatalogueEvent } from '@coseso/event-schemas/catalogue/catalogue-events';
import { type Actor } from '@coseso/event-schemas/envelope';
import {
  ADDITIONAL_OPTION_KEYS,
  DOMAIN_EXTENSIONS,
  LOGO_CONTENT_OPTION_KEYS,
  TEMPLATE_KEYS,
} from '../pricing/pricing-grid.js';
import { computeOrderPrice } from '../pricing/compute-order-price.js';
import { DomainError } from '../shared/domain-error.js';
import {
  type CatalogueCommand,
  type CatalogueState,
  catalogueDecider,
  versionInForce,
  versionNumbered,
} from './catalogue-decider.js';
import { FIRST_CATALOGUE_REASON, firstCatalogueGrid } from './first-version.js';

const admin: Actor = { kind: 'admin', id: 'a1b2c3d4-0000-4000-8000-000000000001' };
const auditor: Actor = { kind: 'auditor', id: 'a1b2c3d4-0000-4000-8000-000000000002' };
const system: Actor = { kind: 'system', id: 'catalogue-seed' };
const NOW = '2026-12-06T10:00:00.000Z';
const LATER = '2027-01-01T00:00:00.000Z';

const metadata = (actor: Actor, occurredAt: string) => ({
  actor,
  commandId: 'cmd',
  correlationId: 'cmd',
  causationId: 'cmd',
  occurredAt,
});

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type CommandInput = DistributiveOmit<CatalogueCommand, 'now'>;

const fold = (history: readonly CatalogueEvent[]) =>
  history.reduce<CatalogueState>(
    (current, event) => catalogueDecider.evolve(current, { ...event, metadata: metadata(admin, NOW) }),
    catalogueDecider.initialState(),
  );

function given(history: readonly CatalogueEvent[]) {
  const state = fold(history);
  return {
    state,
    when(command: CommandInput) {
      const attempt = () => catalogueDecider.decide({ ...command, now: NOW } as CatalogueCommand, state);
      return {
        then(expected: readonly CatalogueEvent[]) {
          const events = attempt();
          expect(events).toEqual(expected);
          for (const event of events)
            expect(
              validateEvent({
                ...event,
                schemaVersion: currentDefinition(event.type).schemaVersion,
                metadata: metadata(command.actor, NOW),
              }),
            ).toEqual({
              ok: true,
            });
        },
        thenFails(code: string) {
          expect(attempt).toThrow(DomainError);
          expect(attempt).toThrow(expect.objectContaining({ code }) as never);
        },
      };
    },
  };
}

const seeded: CatalogueEvent = {
  type: 'CatalogueVersionPublished',
  data: {
    version: 1,
    effectiveFrom: NOW,
    reason: FIRST_CATALOGUE_REASON,
    changes: [],
    grid: firstCatalogueGrid(),
  },
};
const seed: CommandInput = {
  type: 'SeedCatalogue',
  actor: system,
  grid: firstCatalogueGrid(),
  reason: FIRST_CATALOGUE_REASON,
};
const raiseVitrine: CatalogueChange = { kind: 'templatePrice', template: 'onepage', monthlyBaseHT: 3_200 };
const publish = (
  changes: readonly CatalogueChange[],
  extra: Partial<{ reason: string; effectiveFrom: string | null; actor: Actor }> = {},
): CommandInput => ({
  type: 'PublishCatalogueVersion',
  actor: extra.actor ?? admin,
  changes,
  reason: extra.reason ?? 'Hausse des coûts d’hébergement',
  effectiveFrom: extra.effectiveFrom ?? null,
});

describe('version 1', () => {
  it('is the grid first sold, seeded once', () => {
    given([]).when(seed).then([seeded]);
    given([seeded]).when(seed).then([]);
  });

  it('prices every order exactly as the code did before the catalogue existed', () => {
    const grid = firstCatalogueGrid();
    fc.assert(
      fc.property(orderInput, (input) => {
        expect(computeOrderPrice(input, grid)).toEqual(computeOrderPrice(input));
      }),
      { numRuns: 300 },
    );
  });

  it('lists on /pricing the texts the cards showed', () => {
    expect(firstCatalogueGrid().templates.business.features).toEqual([
      'Page « À propos »',
      'Section services',
      'Témoignages clients',
      'Blog / actualités',
      'Formulaire de contact',
    ]);
  });
});

describe('publishing a version', () => {
  it('numbers the next version, with the whole grid it makes, the changes, why and from when', () => {
    const grid = firstCatalogueGrid();
    given([seeded])
      .when(publish([raiseVitrine], { effectiveFrom: LATER }))
      .then([
        {
          type: 'CatalogueVersionPublished',
          data: {
            version: 2,
            effectiveFrom: LATER,
            reason: 'Hausse des coûts d’hébergement',
            changes: [raiseVitrine],
            grid: {
              ...grid,
              templates: { ...grid.templates, onepage: { ...grid.templates.onepage, monthlyBaseHT: 3_200 } },
            },
          },
        },
      ]);
  });

  it('takes effect now when no date is given', () => {
    const [event] = catalogueDecider.decide(
      { ...publish([raiseVitrine]), now: NOW } as CatalogueCommand,
      fold([seeded]),
    );
    expect(event?.data.effectiveFrom).toBe(NOW);
  });

  it('changes an option’s price, a feature text, a domain’s and the logo’s price', () => {
    const changes: CatalogueChange[] = [
      { kind: 'option', option: 'aiChatbot', priceHT: 1_900 },
      { kind: 'templateText', template: 'portfolio', features: ['Galerie de photos', 'Biographie'] },
      { kind: 'domainPrice', extension: '.fr', priceHT: 1_700 },
      { kind: 'logoContentPrice', choice: 'ai', priceHT: 12_900 },
    ];
    const [event] = catalogueDecider.decide(
      { ...publish(changes), now: NOW } as CatalogueCommand,
      fold([seeded]),
    );
    expect(event?.data.grid).toMatchObject({
      vatRatePercent: 20,
      options: { aiChatbot: { label: 'Chatbot IA', priceHT: 1_900, period: 'yearly' } },
      templates: { portfolio: { features: ['Galerie de photos', 'Biographie'], monthlyBaseHT: 4_900 } },
      domainPricesHT: { '.fr': 1_700, '.com': 1_800 },
      logoContentPricesHT: { ai: 12_900, professional: 49_000 },
    });
  });

  it('refuses, for now, what the invoices, the contract and the renewals still read from version 1', () => {
    const notYet: CatalogueChange[] = [
      { kind: 'vatRate', percent: 21 },
      { kind: 'depositShare', percent: 40 },
      { kind: 'monthlyMarkup', percent: 25 },
      { kind: 'option', option: 'aiChatbot', period: 'monthly' },
      { kind: 'templateText', template: 'onepage', recapLabel: 'Site Landing' },
      { kind: 'hostingIncludes', items: ['Certificat SSL'] },
    ];
    for (const change of notYet)
      given([seeded])
        .when(publish([change]))
        .thenFails('CATALOGUE.INVALID_CHANGE');
  });

  it('is for admins only: an auditor reads', () => {
    given([seeded])
      .when(publish([raiseVitrine], { actor: auditor }))
      .thenFails('ADMIN.FORBIDDEN');
  });

  it('needs version 1 first', () => {
    given([])
      .when(publish([raiseVitrine]))
      .thenFails('CATALOGUE.NOT_SEEDED');
  });

  it('needs a reason, a change, a date to come and a valid grid', () => {
    given([seeded])
      .when(publish([raiseVitrine], { reason: '  ' }))
      .thenFails('CATALOGUE.INVALID_CHANGE');
    given([seeded]).when(publish([])).thenFails('CATALOGUE.INVALID_CHANGE');
    given([seeded])
      .when(publish([raiseVitrine], { effectiveFrom: '2026-01-01T00:00:00.000Z' }))
      .thenFails('CATALOGUE.INVALID_CHANGE');
    given([seeded])
      .when(publish([{ kind: 'templatePrice', template: 'onepage', monthlyBaseHT: -1 }]))
      .thenFails('CATALOGUE.INVALID_CHANGE');
    given([seeded])
      .when(publish([{ kind: 'templatePrice', template: 'onepage', monthlyBaseHT: 2_900 }]))
      .thenFails('CATALOGUE.INVALID_CHANGE');
  });
});

describe('the version in force', () => {
  it('is the latest whose date has come: a scheduled one waits for its date', () => {
    const scheduled = catalogueDecider.decide(
      { ...publish([raiseVitrine], { effectiveFrom: LATER }), now: NOW } as CatalogueCommand,
      fold([seeded]),
    );
    const state = fold([seeded, ...scheduled]);
    expect(versionInForce(state, NOW)?.version).toBe(1);
    expect(versionInForce(state, '2026-12-31T23:59:59.999Z')?.version).toBe(1);
    expect(versionInForce(state, LATER)?.version).toBe(2);
    expect(versionInForce(fold([]), NOW)).toBeNull();
  });
});

const cents = fc.integer({ min: 0, max: 200_000 });
const change: fc.Arbitrary<CatalogueChange> = fc.oneof(
  fc.record({
    kind: fc.constant('templatePrice' as const),
    template: fc.constantFrom(...TEMPLATE_KEYS),
    monthlyBaseHT: cents,
    launchFeeHT: cents,
  }),
  fc.record({
    kind: fc.constant('option' as const),
    option: fc.constantFrom(...ADDITIONAL_OPTION_KEYS),
    priceHT: cents,
  }),
  fc.record({
    kind: fc.constant('domainPrice' as const),
    extension: fc.constantFrom(...DOMAIN_EXTENSIONS),
    priceHT: cents,
  }),
  fc.record({
    kind: fc.constant('logoContentPrice' as const),
    choice: fc.constantFrom('ai' as const, 'professional' as const),
    priceHT: cents,
  }),
);

const flag = fc.boolean();
const orderInput = fc.record({
  template: fc.constantFrom(...TEMPLATE_KEYS),
  billingPeriod: fc.constantFrom('yearly' as const, 'monthly' as const),
  hostingOptions: fc.record({
    hostingType: fc.constantFrom('coseso' as const, 'autonomous' as const),
    dnsType: fc.constantFrom('new', 'existing'),
    newDomainName: fc.constantFrom('', 'boulangerie-martin', 'x'),
    domainExtension: fc.constantFrom(...DOMAIN_EXTENSIONS),
  }),
  additionalOptions: fc.record(
    Object.fromEntries(ADDITIONAL_OPTION_KEYS.map((key) => [key, flag])) as Record<
      (typeof ADDITIONAL_OPTION_KEYS)[number],
      fc.Arbitrary<boolean>
    >,
  ),
  logoOption: fc.constantFrom(...LOGO_CONTENT_OPTION_KEYS),
  contentOption: fc.constantFrom(...LOGO_CONTENT_OPTION_KEYS),
});

describe('no price change ever re-prices an order already priced', () => {
  it('holds for any order and any later versions: its version prices it as it did', () => {
    fc.assert(
      fc.property(
        orderInput,
        fc.array(fc.array(change, { minLength: 1, maxLength: 4 }), { maxLength: 5 }),
        (input, versions) => {
          let state = fold([seeded]);
          const pricedAt = versionInForce(state, NOW)!;
          const before = computeOrderPrice(input, pricedAt.grid);
          for (const changes of versions) {
            let events: CatalogueEvent[];
            try {
              events = catalogueDecider.decide({ ...publish(changes), now: NOW } as CatalogueCommand, state);
            } catch (error) {
              if (error instanceof DomainError) continue; // a change that changes nothing is refused
              throw error;
            }
            state = events.reduce(
              (s, event) => catalogueDecider.evolve(s, { ...event, metadata: metadata(admin, NOW) }),
              state,
            );
          }
          expect(computeOrderPrice(input, versionNumbered(state, pricedAt.version)!.grid)).toEqual(before);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('can fail: the version in force after a raise prices the same order differently', () => {
    const state = fold([seeded]);
    const [raised] = catalogueDecider.decide(
      { ...publish([raiseVitrine]), now: NOW } as CatalogueCommand,
      state,
    );
    const after = catalogueDecider.evolve(state, { ...raised!, metadata: metadata(admin, NOW) });
    const input = { template: 'onepage', billingPeriod: 'yearly' } as const;
    expect(computeOrderPrice(input, versionInForce(after, NOW)!.grid).totalAmount).toBe(38_400);
    expect(computeOrderPrice(input, versionNumbered(after, 1)!.grid).totalAmount).toBe(34_800);
  });
});
