import { describe, expect, it } from '@jest/globals';
import { formatDate, formatDateTime } from './format-date.js';

describe('dates as the customer reads them', () => {
  it('are days in Paris, whatever the browser’s time zone: 23:30 UTC on 28 March is already the 29th', () => {
    expect(formatDate('2026-03-28T23:30:00.000Z')).toBe('29 mars 2026');
    expect(formatDate('2026-12-31T23:30:00.000Z')).toBe('1 janvier 2027');
  });

  it('are hours in Paris, in winter and in summer time', () => {
    expect(formatDateTime('2026-01-15T12:00:00.000Z')).toBe('15 janvier 2026 à 13:00');
    expect(formatDateTime('2026-07-15T12:00:00.000Z')).toBe('15 juillet 2026 à 14:00');
  });

  it('give an empty string for an unreadable date', () => {
    expect(formatDate('hier')).toBe('');
    expect(formatDateTime('')).toBe('');
  });
});
