import { describe, expect, it } from '@jest/globals';
import { type VersionFields, versionDifferences } from './version-diff.js';

const plain: VersionFields = { label: (path) => path.join('.'), value: (_path, value) => String(value) };

describe('the difference between two versions', () => {
  it('is empty between a version and itself', () => {
    expect(versionDifferences({ a: { b: 1, list: ['x'] } }, { a: { b: 1, list: ['x'] } }, plain)).toEqual([]);
  });

  it('walks nested objects, treats a list as one field, and shows a field only one side has as « — »', () => {
    const before = { a: { b: 1, list: ['x', 'y'] }, gone: 'old' };
    const after = { a: { b: 2, list: ['x', 'z'] }, added: 'new' };
    expect(versionDifferences(before, after, plain)).toEqual([
      { path: 'a.b', label: 'a.b', before: '1', after: '2' },
      { path: 'a.list', label: 'a.list', before: 'x,y', after: 'x,z' },
      { path: 'gone', label: 'gone', before: 'old', after: '—' },
      { path: 'added', label: 'added', before: '—', after: 'new' },
    ]);
  });

  it('leaves out a field the page gives no label', () => {
    expect(
      versionDifferences(
        { a: 1, b: 1 },
        { a: 2, b: 2 },
        { ...plain, label: (p) => (p[0] === 'a' ? null : 'B') },
      ),
    ).toEqual([{ path: 'b', label: 'B', before: '1', after: '2' }]);
  });
});
