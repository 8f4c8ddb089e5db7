import { describeOrderEvent } from '../order-event-description.js';
import { actors, given, orderIn } from '../testing/order-test-kit.js';

describe('the record of an evidence export', () => {
  const exported = {
    type: 'RecordEvidenceExport',
    manifestSha256: 'e'.repeat(64),
    lastRevision: 12,
    lastEventHash: 'f'.repeat(64),
  } as const;

  it.each(['pending', 'en_revision', 'delivered', 'cancelled'] as const)(
    'is recorded for an admin or an auditor from %s, and changes nothing in the order, not even its date',
    (status) => {
      const s = orderIn(status);
      for (const actor of [actors.admin, actors.auditor]) {
        const state = given(s)
          .when({ ...exported, actor })
          .then([
            {
              type: 'EvidenceBundleExported',
              data: { manifestSha256: 'e'.repeat(64), lastRevision: 12, lastEventHash: 'f'.repeat(64) },
            },
          ]);
        expect(state).toEqual(s.state);
      }
    },
  );

  it('is refused to anyone but the staff, and on an order that does not exist', () => {
    for (const actor of [actors.client, actors.visitor, actors.provider, actors.system])
      given(orderIn('delivered'))
        .when({ ...exported, actor })
        .thenFails('ORDER.ACTOR_FORBIDDEN', /dossier de preuves/);
    given([])
      .when({ ...exported, actor: actors.admin })
      .thenFails('ORDER.NOT_FOUND');
  });

  it('reads, in the history, as who exported which events', () => {
    const event = {
      type: 'EvidenceBundleExported',
      data: { manifestSha256: 'e'.repeat(64), lastRevision: 12, lastEventHash: null },
    } as const;
    expect(describeOrderEvent(event, 'audit@agence.fr')).toBe(
      'Dossier de preuves exporté par audit@agence.fr (événements n° 0 à 12)',
    );
    expect(describeOrderEvent(event)).toBe('Dossier de preuves exporté (événements n° 0 à 12)');
  });
});
