import { addCalendarMonths } from './billing-period.js';

const at = (iso: string) => new Date(iso);

describe('the monthly plan renews every calendar month', () => {
  it('on the same day of the next month, at the same time', () => {
    expect(addCalendarMonths(at('2026-03-15T10:30:00.000Z'), 1).toISOString()).toBe(
      '2026-04-15T10:30:00.000Z',
    );
    expect(addCalendarMonths(at('2026-12-15T10:30:00.000Z'), 1).toISOString()).toBe(
      '2027-01-15T10:30:00.000Z',
    );
  });

  it('on the last day of a shorter month, and back on its day after it', () => {
    const start = at('2026-01-31T09:00:00.000Z');
    expect(addCalendarMonths(start, 1).toISOString()).toBe('2026-02-28T09:00:00.000Z');
    expect(addCalendarMonths(start, 2).toISOString()).toBe('2026-03-31T09:00:00.000Z');
    expect(addCalendarMonths(at('2028-01-30T09:00:00.000Z'), 1).toISOString()).toBe(
      '2028-02-29T09:00:00.000Z',
    );
  });

  it('is a month, not 30 days: from 1 January, 1 February (31 days later)', () => {
    const start = at('2026-01-01T00:00:00.000Z');
    expect((addCalendarMonths(start, 1).getTime() - start.getTime()) / 86_400_000).toBe(31);
  });
});
