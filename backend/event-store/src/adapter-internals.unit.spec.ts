import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// The event store is used through its port (event-store.ts) and its adapters' public faces
// (postgres-adapter.ts, eventstoredb-adapter.ts): what is under
// `postgres/` or `eventstoredb/` is the adapters' own. The lint rule of eslint.config.js says the
// same while editing; this test holds when the lint is not run.

const repository = join(import.meta.dirname, '../../..');
const folders = ['backend', 'projections', 'scripts', 'test', 'event-schemas', 'frontend'];
const INTERNALS = /['"]@coseso\/event-store\/(?:postgres|eventstoredb)\/[^'"]*['"]/g;

function* sourceFiles(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (['node_modules', 'dist'].includes(entry.name)) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|mts|cts|mjs|js)$/.test(entry.name)) yield path;
  }
}

it("is the only package that imports the event store adapters' internals", () => {
  const found: string[] = [];
  for (const folder of folders)
    for (const file of sourceFiles(join(repository, folder))) {
      const path = relative(repository, file);
      if (path.startsWith('backend/event-store/')) continue;
      for (const [specifier] of readFileSync(file, 'utf8').matchAll(INTERNALS))
        found.push(`${path}: ${specifier}`);
    }
  expect(found).toEqual([]);
});
