import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ErrorCode, errorCodes } from './error-codes.js';

const repository = join(import.meta.dirname, '../../../..');
const sourceFolders = ['backend/src', 'backend/domain/src', 'frontend/src', 'projections/src', 'scripts/src'];
const CODE_LITERAL = /['"`]([A-Z]+\.[A-Z][A-Z_0-9]*)['"`]/g;

function* sourceFiles(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name) && !/\.spec\.ts$/.test(entry.name)) yield path;
  }
}

describe('the error-code catalogue', () => {
  test('every code is GROUP.NAME (or INTERNAL/RATE_LIMITED) and appears once', () => {
    expect(new Set(errorCodes).size).toBe(errorCodes.length);
    for (const [key, code] of Object.entries(ErrorCode)) expect(code.replace('.', '_')).toBe(key);
  });

  test('no source file outside the catalogue spells a code as a string literal', () => {
    const literals: string[] = [];
    for (const folder of sourceFolders) {
      for (const file of sourceFiles(join(repository, folder))) {
        if (file.endsWith('shared/error-codes.ts')) continue;
        for (const [, code] of readFileSync(file, 'utf8').matchAll(CODE_LITERAL))
          literals.push(`${relative(repository, file)}: ${code}`);
      }
    }
    expect(literals).toEqual([]);
  });
});
