import { formatDuration } from './operations-labels';

describe('durations on the operators page', () => {
  it('read in seconds, then minutes, then hours', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(12.4)).toBe('12 s');
    expect(formatDuration(185)).toBe('3 min 05 s');
    expect(formatDuration(3_720)).toBe('1 h 02 min');
    expect(formatDuration(-3)).toBe('0 s');
  });
});
