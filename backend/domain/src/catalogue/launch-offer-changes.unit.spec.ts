import { currentDefinition, validateEvent } from '@coseso/event-schemas/catalog';
import {
  type CatalogueChange,
  type CatalogueEvent,
  type LaunchOffer,
} from '@coseso/event-schemas/catalogue/catalogue-events';
import { type Actor } from '@coseso/event-schemas/envelope';
import { DomainError } from '../shared/domain-error.js';
import { type CatalogueState, catalogueDecider } from './catalogue-decider.js';
import { FIRST_CATALOGUE_REASON, firstCatalogueGrid } from './first-version.js';
import { smallestFirstPaymentHT } from './launch-offer-changes.js';

// Adding and ending a launch offer (docs/adr/0138-a-launch-offer-is-taken-off-the-first-payment.md):
// given the catalogue's versions, when the back-office publishes, then the version or a French refusal.

const admin: Actor = { kind: 'admin', id: 'a1b2c3d4-0000-4000-8000-000000000001' };
const NOW = '2026-12-07T10:00:00.000Z';
const meta = { actor: admin, commandId: 'c', correlationId: 'c', causationId: 'c', occurredAt: NOW };

const versionOne: CatalogueEvent = {
  type: 'CatalogueVersionPublished',
  data: {
    version: 1,
    effectiveFrom: NOW,
    reason: FIRST_CATALOGUE_REASON,
    changes: [],
    grid: firstCatalogueGrid(),
  },
};

const offer: LaunchOffer = {
  id: 'lancement-2027',
  label: 'Offre de lancement',
  reduction: { kind: 'percent', percent: 20 },
  startsAt: '2027-01-01T00:00:00.000Z',
  endsAt: '2027-02-01T00:00:00.000Z',
  maxOrders: 50,
  code: 'LANCEMENT2027',
};

const given = (history: readonly CatalogueEvent[]) => {
  const state = history.reduce<CatalogueState>(
    (current, event) => catalogueDecider.evolve(current, { ...event, metadata: meta }),
    catalogueDecider.initialState(),
  );
  return {
    whenPublished:
      (changes: readonly CatalogueChange[], effectiveFrom: string | null = null) =>
      () =>
        catalogueDecider.decide(
          {
            type: 'PublishCatalogueVersion',
            actor: admin,
            now: NOW,
            reason: 'Lancement',
            changes,
            effectiveFrom,
          },
          state,
        ),
  };
};

function refusal(attempt: () => unknown): { message: string; fields: Record<string, string> | undefined } {
  try {
    attempt();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('CATALOGUE.INVALID_CHANGE');
    return { message: (error as DomainError).message, fields: (error as DomainError).fields };
  }
  throw new Error('not refused');
}

const valid = (events: readonly CatalogueEvent[]) => {
  for (const event of events)
    expect(
      validateEvent({ ...event, schemaVersion: currentDefinition(event.type).schemaVersion, metadata: meta }),
    ).toEqual({ ok: true });
  return events;
};

describe('adding a launch offer', () => {
  it('publishes a version whose grid holds the offer, as the change says', () => {
    const events = valid(given([versionOne]).whenPublished([{ kind: 'addLaunchOffer', offer }])());
    expect(events).toHaveLength(1);
    expect(events[0]!.data.version).toBe(2);
    expect(events[0]!.data.changes).toEqual([{ kind: 'addLaunchOffer', offer }]);
    expect(events[0]!.data.grid).toEqual({ ...firstCatalogueGrid(), launchOffers: [offer] });
  });

  it('takes an amount HT up to the smallest first payment of the grid', () => {
    const smallest = smallestFirstPaymentHT(firstCatalogueGrid());
    // Site Vitrine's set-up fee (79 € HT) is less than its yearly deposit (174 € HT).
    expect(smallest).toBe(7_900);
    const amount = (amountHT: number): CatalogueChange => ({
      kind: 'addLaunchOffer',
      offer: { ...offer, reduction: { kind: 'amount', amountHT } },
    });
    expect(valid(given([versionOne]).whenPublished([amount(smallest)])())).toHaveLength(1);
    expect(
      refusal(given([versionOne]).whenPublished([amount(smallest + 1)])).message.replace(/\s/g, ' '),
    ).toBe('La réduction (79,01 € HT) dépasse le plus petit premier paiement de la grille (79,00 € HT).');
  });

  it('refuses an end before the start, an end already past, a code of the wrong format, a taken id or code', () => {
    const when = (changed: Partial<LaunchOffer>, history = [versionOne]) =>
      refusal(given(history).whenPublished([{ kind: 'addLaunchOffer', offer: { ...offer, ...changed } }]))
        .message;
    expect(when({ endsAt: offer.startsAt })).toBe('La fin de l’offre doit suivre son début.');
    expect(when({ startsAt: '2026-11-01T00:00:00.000Z', endsAt: '2026-12-01T00:00:00.000Z' })).toBe(
      'Cette offre serait terminée avant que la version prenne effet.',
    );
    for (const code of ['lancement', 'ABC', 'NOËL2027', 'LANCE MENT', 'X'.repeat(21)])
      expect(when({ code })).toBe(
        'Le code promo compte 4 à 20 lettres majuscules ou chiffres, sans espace ni accent.',
      );
    expect(when({ id: 'Lancement 2027' })).toBe(
      'L’identifiant d’une offre s’écrit en minuscules, chiffres et tirets.',
    );
    const withOffer = valid(given([versionOne]).whenPublished([{ kind: 'addLaunchOffer', offer }])());
    const history = [versionOne, ...withOffer];
    expect(when({ code: 'AUTRE2027' }, history)).toBe(
      'Une offre porte déjà l’identifiant « lancement-2027 ».',
    );
    expect(when({ id: 'autre' }, history)).toBe(
      'Le code « LANCEMENT2027 » est déjà celui d’une autre offre.',
    );
  });
});

describe('ending a launch offer', () => {
  const withOffer = () => {
    const [published] = given([versionOne]).whenPublished([{ kind: 'addLaunchOffer', offer }])();
    return [versionOne, published!];
  };

  it('ends it when the version takes effect, recording that date in the change', () => {
    const at = '2027-01-10T00:00:00.000Z';
    const [ended] = valid(given(withOffer()).whenPublished([{ kind: 'endLaunchOffer', id: offer.id }], at)());
    expect(ended!.data.changes).toEqual([{ kind: 'endLaunchOffer', id: offer.id, endsAt: at }]);
    expect(ended!.data.grid.launchOffers).toEqual([{ ...offer, endsAt: at }]);
  });

  it('refuses an unknown offer, an offer already over and an end outside the version and the planned end', () => {
    expect(
      refusal(given(withOffer()).whenPublished([{ kind: 'endLaunchOffer', id: 'inconnue' }])).message,
    ).toBe('Aucune offre de lancement ne porte l’identifiant « inconnue ».');
    expect(
      refusal(
        given(withOffer()).whenPublished(
          [{ kind: 'endLaunchOffer', id: offer.id }],
          '2027-03-01T00:00:00.000Z',
        ),
      ).message,
    ).toBe('L’offre « Offre de lancement » est déjà terminée.');
    expect(
      refusal(
        given(withOffer()).whenPublished([
          { kind: 'endLaunchOffer', id: offer.id, endsAt: '2027-02-15T00:00:00.000Z' },
        ]),
      ).message,
    ).toBe('Une offre se termine au plus tôt quand la version prend effet, et avant la fin prévue.');
  });
});
