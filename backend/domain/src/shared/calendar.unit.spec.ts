import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { addCalendarMonths, addCalendarYears, parisDate } from './calendar.js';
import { CUSTOMER_TIME_ZONE } from './customer-time-zone.js';

describe('the day in Paris', () => {
  const temporalDay = (iso: string) =>
    Temporal.Instant.from(iso).toZonedDateTimeISO(CUSTOMER_TIME_ZONE).toPlainDate().toString();

  it('is the day Temporal reads, for any instant (midnight, the changes of time, every offset written)', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1990-01-01T00:00:00Z'),
          max: new Date('2100-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom('Z', '+00:00', '+02:00', '-05:30'),
        fc.boolean(),
        (date, offset, millis) => {
          const shifted = new Date(date.getTime() - (offset === 'Z' ? 0 : offsetMinutes(offset) * 60_000));
          const iso = `${shifted.toISOString().slice(0, millis ? 23 : 19)}${offset}`;
          expect(parisDate(iso)).toBe(temporalDay(iso));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('turns at midnight in Paris, not in UTC, in winter and in summer', () => {
    expect(parisDate('2026-01-30T22:59:59.999Z')).toBe('2026-01-30');
    expect(parisDate('2026-01-30T23:00:00.000Z')).toBe('2026-01-31');
    expect(parisDate('2026-07-14T21:59:59Z')).toBe('2026-07-14');
    expect(parisDate('2026-07-14T22:00:00Z')).toBe('2026-07-15');
  });

  it('refuses what is not an instant, as Temporal does', () => {
    expect(() => parisDate('pas une date')).toThrow(RangeError);
    expect(() => parisDate('2026-02-30T10:00:00Z')).toThrow(RangeError);
    expect(() => parisDate('2026-01-01T24:00:00Z')).toThrow(RangeError);
  });
});

function offsetMinutes(offset: string): number {
  const [, sign, hours, minutes] = /^([+-])(\d{2}):(\d{2})$/.exec(offset)!;
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
}

describe('months on the Paris calendar', () => {
  it.each([
    [
      '31 January + 1 month is the last day of February',
      '2026-01-31T09:00:00.000Z',
      1,
      '2026-02-28T09:00:00.000Z',
    ],
    ['… the 29th in a leap year', '2028-01-31T09:00:00.000Z', 1, '2028-02-29T09:00:00.000Z'],
    ['29 February + 1 month is 29 March', '2028-02-29T09:00:00.000Z', 1, '2028-03-29T08:00:00.000Z'],
    ['31 March + 1 month is 30 April', '2027-03-31T08:00:00.000Z', 1, '2027-04-30T08:00:00.000Z'],
    [
      'December runs into January of the next year',
      '2026-12-31T10:00:00.000Z',
      1,
      '2027-01-31T10:00:00.000Z',
    ],
    ['… and 15 December into 15 January', '2026-12-15T10:00:00.000Z', 1, '2027-01-15T10:00:00.000Z'],
    ['twelve months are a year', '2026-01-31T09:00:00.000Z', 12, '2027-01-31T09:00:00.000Z'],
  ])('%s', (_, from, months, expected) => {
    expect(addCalendarMonths(from, months)).toBe(expected);
  });

  it('counts the day in Paris, not in UTC: 31 January at 00:30 in Paris is still 30 January in UTC', () => {
    // On the UTC calendar, 30 January 23:30Z + 1 month would be 28 February 23:30Z: 1 March in Paris.
    expect(addCalendarMonths('2026-01-30T23:30:00.000Z', 1)).toBe('2026-02-27T23:30:00.000Z');
  });

  it('keeps the wall-clock time across the change to summer time (last Sunday of March)', () => {
    // 10:00 in Paris on 15 March (UTC+1), 10:00 in Paris on 15 April (UTC+2).
    expect(addCalendarMonths('2026-03-15T09:00:00.000Z', 1)).toBe('2026-04-15T08:00:00.000Z');
    // From the day before the change to the day before next month's: both in their own offset.
    expect(addCalendarMonths('2026-02-28T11:00:00.000Z', 1)).toBe('2026-03-28T11:00:00.000Z');
    expect(addCalendarMonths('2026-03-29T10:00:00.000Z', 1)).toBe('2026-04-29T10:00:00.000Z');
  });

  it('keeps the wall-clock time across the change to winter time (last Sunday of October)', () => {
    expect(addCalendarMonths('2026-10-15T08:00:00.000Z', 1)).toBe('2026-11-15T09:00:00.000Z');
    expect(addCalendarMonths('2026-09-25T10:00:00.000Z', 1)).toBe('2026-10-25T11:00:00.000Z');
  });

  it('moves an hour that does not exist in Paris (02:30 on 29 March 2026) on to summer time', () => {
    expect(addCalendarMonths('2026-01-29T01:30:00.000Z', 2)).toBe('2026-03-29T01:30:00.000Z');
  });

  it('reads an hour that happens twice in Paris (02:30 on 25 October 2026) as its first, in summer time', () => {
    expect(addCalendarMonths('2026-09-25T00:30:00.000Z', 1)).toBe('2026-10-25T00:30:00.000Z');
  });
});

describe('years on the Paris calendar', () => {
  it('is the same date next year, not 365 days later, across a 29 February', () => {
    expect(addCalendarYears('2027-03-01T09:00:00.000Z', 1)).toBe('2028-03-01T09:00:00.000Z');
    expect(new Date(Date.parse('2027-03-01T09:00:00.000Z') + 365 * 86_400_000).toISOString()).toBe(
      '2028-02-29T09:00:00.000Z',
    );
  });

  it('takes 29 February to 28 February in a common year, and back to the 29th four years on', () => {
    expect(addCalendarYears('2028-02-29T09:00:00.000Z', 1)).toBe('2029-02-28T09:00:00.000Z');
    expect(addCalendarYears('2028-02-29T09:00:00.000Z', 4)).toBe('2032-02-29T09:00:00.000Z');
  });

  it('counts the day in Paris: 1 January at 00:30 in Paris stays 1 January', () => {
    expect(addCalendarYears('2026-12-31T23:30:00.000Z', 1)).toBe('2027-12-31T23:30:00.000Z');
  });
});
