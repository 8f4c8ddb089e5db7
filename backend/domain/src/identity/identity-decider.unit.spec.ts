import fc from 'fast-check';
import { validateEvent } from '@coseso/event-schemas/catalog';
import { type Actor } from '@coseso/event-schemas/envelope';
import { type AgencyIdentity, type IdentityEvent } from '@coseso/event-schemas/identity/identity-events';
import { DomainError } from '../shared/domain-error.js';
import { type IdentityCommand, type IdentityState, identityDecider } from './identity-decider.js';
import { identityProblems, sellerOf } from './identity-rules.js';
import { frenchVatNumber } from '../invoices/siren.js';

const admin: Actor = { kind: 'admin', id: 'a1b2c3d4-0000-4000-8000-000000000001' };
const auditor: Actor = { kind: 'auditor', id: 'a1b2c3d4-0000-4000-8000-000000000002' };
const system: Actor = { kind: 'system', id: 'identity-seed' };
const NOW = '2026-12-06T10:00:00.000Z';

const first: AgencyIdentity = {
  name: 'Coseso',
  legalForm: 'SAS',
  street: '12 rue des Artisans',
  postcode: '69002',
  city: 'Lyon',
  siret: '84215370200019',
  rcsCity: 'Lyon',
  vatNumber: 'FR88842153702',
  shareCapitalEuros: 10_000,
  email: 'facturation@coseso.fr',
  iban: 'FR7630006000011234567890189',
};
/** The agency moved to Paris under another company: another SIREN, its own VAT key. */
const moved: AgencyIdentity = {
  ...first,
  name: 'Coseso Studio',
  street: '3 rue de la Paix',
  postcode: '75002',
  city: 'Paris',
  siret: '55210055400013',
  rcsCity: 'Paris',
  vatNumber: 'FR96552100554',
};

const metadata = (actor: Actor) => ({
  actor,
  commandId: 'cmd',
  correlationId: 'cmd',
  causationId: 'cmd',
  occurredAt: NOW,
});

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type CommandInput = DistributiveOmit<IdentityCommand, 'now'>;

const seeded: IdentityEvent = {
  type: 'AgencyIdentityChanged',
  data: { version: 1, reason: 'SELLER_*', changedFields: [], identity: first },
};

function given(history: readonly IdentityEvent[]) {
  const state = history.reduce<IdentityState>(
    (current, event) => identityDecider.evolve(current, { ...event, metadata: metadata(admin) }),
    identityDecider.initialState(),
  );
  return {
    when(command: CommandInput) {
      const attempt = () => identityDecider.decide({ ...command, now: NOW } as IdentityCommand, state);
      return {
        then(expected: readonly IdentityEvent[]) {
          const events = attempt();
          expect(events).toEqual(expected);
          for (const event of events)
            expect(validateEvent({ ...event, schemaVersion: 1, metadata: metadata(command.actor) })).toEqual({
              ok: true,
            });
        },
        thenFails(code: string, fields?: Record<string, string>) {
          expect(attempt).toThrow(DomainError);
          expect(attempt).toThrow(
            expect.objectContaining({
              code,
              ...(fields ? { fields: expect.objectContaining(fields) } : {}),
            }) as never,
          );
        },
      };
    },
  };
}

const change = (identity: AgencyIdentity, extra: Partial<CommandInput> = {}): CommandInput =>
  ({
    type: 'ChangeAgencyIdentity',
    actor: admin,
    identity,
    reason: 'Déménagement du siège',
    ...extra,
  }) as CommandInput;

describe('the agency identity', () => {
  it('is seeded once from the environment as version 1', () => {
    given([])
      .when({ type: 'SeedAgencyIdentity', actor: system, identity: first, reason: 'SELLER_*' })
      .then([seeded]);
    given([seeded])
      .when({ type: 'SeedAgencyIdentity', actor: system, identity: moved, reason: 'SELLER_*' })
      .then([]);
  });

  it('changes as the next version: the whole identity, the fields changed and why', () => {
    given([seeded])
      .when(change(moved))
      .then([
        {
          type: 'AgencyIdentityChanged',
          data: {
            version: 2,
            reason: 'Déménagement du siège',
            changedFields: ['name', 'street', 'postcode', 'city', 'siret', 'rcsCity', 'vatNumber'],
            identity: moved,
          },
        },
      ]);
  });

  it('stores what the back-office typed without its spaces: a SIRET, a VAT number and an IBAN as printed', () => {
    given([seeded])
      .when(
        change({
          ...moved,
          siret: '552 100 554 00013',
          vatNumber: 'fr 96 552100554',
          iban: 'FR76 3000 6000 0112 3456 7890 189',
          name: '  Coseso Studio ',
        }),
      )
      .then([
        {
          type: 'AgencyIdentityChanged',
          data: {
            version: 2,
            reason: 'Déménagement du siège',
            changedFields: ['name', 'street', 'postcode', 'city', 'siret', 'rcsCity', 'vatNumber'],
            identity: moved,
          },
        },
      ]);
  });

  it('is for admins only, after version 1, with a reason and a change', () => {
    given([seeded])
      .when(change(moved, { actor: auditor }))
      .thenFails('ADMIN.FORBIDDEN');
    given([]).when(change(moved)).thenFails('IDENTITY.NOT_SEEDED');
    given([seeded])
      .when(change(moved, { reason: '  ' }))
      .thenFails('IDENTITY.INVALID', { reason: 'La raison est obligatoire.' });
    given([seeded]).when(change(first)).thenFails('IDENTITY.INVALID');
  });

  it('refuses, in French and field by field, a SIRET whose Luhn key fails, a VAT number of another SIREN, a RCS city, a blank field', () => {
    given([seeded])
      .when(change({ ...moved, siret: '55210055400014' }))
      .thenFails('IDENTITY.INVALID', {
        'identity.siret': expect.stringMatching(/clé de contrôle/) as unknown as string,
      });
    given([seeded])
      .when(change({ ...moved, vatNumber: 'FR88842153702' }))
      .thenFails('IDENTITY.INVALID', {
        'identity.vatNumber':
          'Ce numéro de TVA ne correspond pas au SIREN du SIRET : ce serait FR96552100554.',
      });
    given([seeded])
      .when(change({ ...moved, rcsCity: '75002' }))
      .thenFails('IDENTITY.INVALID', {
        'identity.rcsCity': expect.stringMatching(/greffe/) as unknown as string,
      });
    given([seeded])
      .when(change({ ...moved, legalForm: ' ' }))
      .thenFails('IDENTITY.INVALID', {
        'identity.legalForm': 'La forme juridique est obligatoire (SAS, SARL, EI…).',
      });
    given([seeded])
      .when(change({ ...moved, iban: 'FR7630006000011234567890188' }))
      .thenFails('IDENTITY.INVALID', { 'identity.iban': expect.stringMatching(/IBAN/) as unknown as string });
  });

  it('prints a seller block: the SIREN of the SIRET, the RCS town, the capital in cents, none for an EI', () => {
    expect(sellerOf(moved)).toMatchObject({
      siren: '552100554',
      rcs: 'RCS Paris',
      shareCapital: 1_000_000,
      address: { line1: '3 rue de la Paix', postcode: '75002', city: 'Paris', countryCode: 'FR' },
    });
    expect(sellerOf({ ...moved, shareCapitalEuros: 0 }).shareCapital).toBeNull();
  });

  it('accepts the VAT number of every SIREN and refuses every other key (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 96 }), (key) => {
        const vatNumber = `FR${String(key).padStart(2, '0')}552100554`;
        const problem = identityProblems({ ...moved, vatNumber }).vatNumber;
        expect(problem === undefined).toBe(vatNumber === frenchVatNumber('552100554'));
      }),
    );
  });
});
