import { ageLabel, boardPhases, everyStatusPhased } from './board-phases.js';

describe('the board', () => {
  it('puts every status in exactly one of seven phase columns', () => {
    expect(everyStatusPhased()).toBe(true);
    expect(boardPhases).toHaveLength(7);
  });

  it('says how long ago the order last moved, in calendar days and months', () => {
    const now = new Date('2026-03-31T12:00:00Z');
    expect(ageLabel('2026-03-31T08:00:00Z', now)).toBe('aujourd’hui');
    expect(ageLabel('2026-03-30T08:00:00Z', now)).toBe('hier');
    expect(ageLabel('2026-03-26T08:00:00Z', now)).toBe('il y a 5 jours');
    expect(ageLabel('2025-12-31T08:00:00Z', now)).toBe('il y a 3 mois');
  });
});
