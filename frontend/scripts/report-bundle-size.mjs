// Prints the gzipped JavaScript a first visit to `/` downloads (scripts/landing-chunks.mjs), and
// fails the build when it is over the landing page's 150 KB budget (docs/architecture.md §9): a
// new route's entry in the route tree, or a library pulled into the entry, cannot go unnoticed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { distDir, landingFirstLoad, readManifest } from './landing-chunks.mjs';

const BUDGET_KB = 150;

const { files, lazyKeys } = landingFirstLoad(readManifest());

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
      ? `Within the ${BUDGET_KB} KB budget (${(BUDGET_KB - totalGzip / 1000).toFixed(2)} KB to spare).`
      : `OVER the ${BUDGET_KB} KB budget by ${(totalGzip / 1000 - BUDGET_KB).toFixed(2)} KB: the build fails. ` +
        'Keep libraries out of the entry chunk (lazy imports, route code splitting) or out of the landing page.',
    '',
  ].join('\n'),
);
if (!withinBudget) process.exitCode = 1;
