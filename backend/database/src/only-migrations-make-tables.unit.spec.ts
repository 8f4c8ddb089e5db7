import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const repository = join(import.meta.dirname, '../../..');
const folders = ['backend', 'projections', 'scripts', 'test', 'event-schemas'];
const DDL = /\bcreate\s+(?:unique\s+)?(?:table|index|sequence)\b/gi;
const isMigration = (path: string) => /\/migrations\//.test(path) || path.endsWith('.migration.ts');

function* sourceFiles(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (['node_modules', 'dist'].includes(entry.name)) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|mjs|js)$/.test(entry.name)) yield path;
  }
}

describe('the database schema', () => {
  it('is made by migrations only: no other source creates a table, an index or a sequence', () => {
    const found: string[] = [];
    for (const folder of folders)
      for (const file of sourceFiles(join(repository, folder))) {
        const path = relative(repository, file);
        if (isMigration(path)) continue;
        for (const [statement] of readFileSync(file, 'utf8').matchAll(DDL))
          found.push(`${path}: ${statement}`);
      }
    expect(found).toEqual([]);
  });
});
