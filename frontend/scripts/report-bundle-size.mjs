// Prints the gzipped JavaScript a first visit to `/` downloads, against the 150 KB budget of
// The landing page's budget (docs/architecture.md §9): the entry chunk and its static imports, plus the lazily loaded chunks the router
// fetches to render `/` (the `component`/`pendingComponent` splits of __root and index) and their
// static imports. Error and not-found splits are left out: a normal visit never loads them.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const LANDING_ROUTE_FILES = new Set(['src/routes/__root.tsx', 'src/routes/index.tsx']);
const FIRST_RENDER_SPLITS = new Set(['component', 'pendingComponent']);

const distDir = fileURLToPath(new URL('../dist/', import.meta.url));
const manifestPath = join(distDir, '.vite', 'manifest.json');

if (!existsSync(manifestPath)) {
  process.stderr.write(`Bundle size: ${manifestPath} is missing; run vite build with build.manifest.\n`);
  process.exit(1);
}

/** @type {Record<string, import('vite').ManifestChunk>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  process.stderr.write(`Bundle size: ${manifestPath} has no entry chunk.\n`);
  process.exit(1);
}

function isFirstRenderChunkOfLanding(chunk) {
  if (!chunk.isDynamicEntry || !chunk.src) return false;
  const [file, query = ''] = chunk.src.split('?');
  const split = new URLSearchParams(query).get('tsr-split');
  return (
    LANDING_ROUTE_FILES.has(file) &&
    split !== null &&
    split.split('---').some((name) => FIRST_RENDER_SPLITS.has(name))
  );
}

const lazyKeys = Object.keys(manifest).filter((key) => isFirstRenderChunkOfLanding(manifest[key]));

/** @type {Map<string, string>} file -> why it is downloaded */
const files = new Map();
function collect(key, reason) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.set(chunk.file, reason);
  for (const imported of chunk.imports ?? []) collect(imported, `static import of ${chunk.file}`);
}
collect(entryKey, 'entry');
for (const key of lazyKeys) collect(key, `lazy chunk of ${key}`);

const kb = (bytes) => (bytes / 1000).toFixed(2).padStart(7);
let totalGzip = 0;
let totalRaw = 0;
const lines = [];
for (const [file, reason] of files) {
  if (!file.endsWith('.js')) continue;
  const content = readFileSync(join(distDir, file));
  const gzip = gzipSync(content).length;
  totalGzip += gzip;
  totalRaw += content.length;
  lines.push(`  ${kb(gzip)} KB gzip  ${kb(content.length)} KB raw  ${file}  (${reason})`);
}

const withinBudget = totalGzip / 1000 <= BUDGET_KB;
process.stdout.write(
  [
    '',
    'JavaScript downloaded by a first visit to / (gzip):',
    ...lines,
    ...(lazyKeys.length === 0 ? ['  (no lazy route chunk for /: its code is in the entry)'] : []),
    `  ${kb(totalGzip)} KB gzip  ${kb(totalRaw)} KB raw  TOTAL`,
    withinBudget
      ? `Within the ${BUDGET_KB} KB target (${(BUDGET_KB - totalGzip / 1000).toFixed(2)} KB to spare).`
      : `OVER the ${BUDGET_KB} KB target by ${(totalGzip / 1000 - BUDGET_KB).toFixed(2)} KB.`,
    '',
  ].join('\n'),
);
