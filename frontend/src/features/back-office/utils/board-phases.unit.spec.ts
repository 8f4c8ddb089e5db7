import { type AllowedAction } from '@coseso/domain/orders/admin-actions';
import { ageLabel, boardPhases, everyStatusPhased, nextStepLabel } from './board-phases.js';

const action = (overrides: Partial<AllowedAction>): AllowedAction => ({
  action: 'start_production',
  to: 'in_progress',
  correction: false,
  label: 'Lancer la production',
  ...overrides,
});

describe('the board', () => {
  it('puts every status in exactly one of seven phase columns', () => {
    expect(everyStatusPhased()).toBe(true);
    expect(boardPhases).toHaveLength(7);
  });

  it("names the team's next action, or whom the order waits for", () => {
    expect(
      nextStepLabel({
        status: 'brief',
        allowedActions: [action({ action: 'cancel', to: 'cancelled', label: 'Annuler' }), action({})],
      }),
    ).toBe('À faire : Lancer la production');
    expect(
      nextStepLabel({
        status: 'en_revision',
        allowedActions: [
          action({
            action: 'correct_status',
            to: 'in_progress',
            correction: true,
            label: 'Retour en production',
          }),
        ],
      }),
    ).toBe('En attente de la relecture du client');
    expect(nextStepLabel({ status: 'delivered', allowedActions: [] })).toBe('Livré');
  });

  it('says how long ago the order last moved, in calendar days and months', () => {
    const now = new Date('2026-03-31T12:00:00Z');
    expect(ageLabel('2026-03-31T08:00:00Z', now)).toBe('aujourd’hui');
    expect(ageLabel('2026-03-30T08:00:00Z', now)).toBe('hier');
    expect(ageLabel('2026-03-26T08:00:00Z', now)).toBe('il y a 5 jours');
    expect(ageLabel('2025-12-31T08:00:00Z', now)).toBe('il y a 3 mois');
  });
});
