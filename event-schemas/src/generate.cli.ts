// Writes schemas/**.json and the README's catalog table from the zod definitions.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jsonSchemaFiles, readmeWithCatalog } from './json-schema-files.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
for (const file of jsonSchemaFiles()) {
  mkdirSync(dirname(join(root, file.path)), { recursive: true });
  writeFileSync(join(root, file.path), file.content);
}
const readmePath = join(root, 'README.md');
writeFileSync(readmePath, readmeWithCatalog(readFileSync(readmePath, 'utf8')));
console.warn(`wrote ${jsonSchemaFiles().length} schemas and README.md`);
