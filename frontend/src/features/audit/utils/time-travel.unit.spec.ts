import { stepAt } from './time-travel';

describe('the state at a chosen time', () => {
  const steps = [
    { occurredAt: '2026-11-20T10:00:00.000Z' },
    { occurredAt: '2026-11-21T10:00:00.000Z' },
    { occurredAt: '2026-11-22T10:00:00.000Z' },
  ];

  it('is the last event that had happened by then, that very instant included', () => {
    expect(stepAt(steps, new Date('2026-11-21T10:00:00.000Z'))).toBe(1);
    expect(stepAt(steps, new Date('2026-11-21T23:59:00.000Z'))).toBe(1);
    expect(stepAt(steps, new Date('2027-01-01T00:00:00.000Z'))).toBe(2);
  });

  it('is nothing before the order existed', () => {
    expect(stepAt(steps, new Date('2026-11-19T00:00:00.000Z'))).toBe(-1);
  });
});
