import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { formatDuration, projectorLabels } from './operations-labels';

describe('durations on the operators page', () => {
  it('read in seconds, then minutes, then hours', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(12.4)).toBe('12 s');
    expect(formatDuration(185)).toBe('3 min 05 s');
    expect(formatDuration(3_720)).toBe('1 h 02 min');
    expect(formatDuration(-3)).toBe('0 s');
  });
});

describe('read models on the operators page', () => {
  it('each has a French name (one folder of projections/src/read-models per read model)', () => {
    const readModels = readdirSync(join(process.cwd(), 'projections', 'src', 'read-models'));
    expect(readModels.length).toBeGreaterThan(0);
    for (const name of readModels) expect([name, projectorLabels[name]]).toEqual([name, expect.any(String)]);
  });
});
