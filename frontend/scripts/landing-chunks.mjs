// The files a first visit to `/` downloads, read from Vite's manifest: the entry chunk and its
// static imports, plus the lazily loaded chunks the router fetches to render `/` (the
// `component`/`pendingComponent` splits of __root and index) and their static imports. Error and
// not-found splits are left out: a normal visit never loads them. The budget check counts them and
// the prerendered landing page preloads them.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const distDir = fileURLToPath(new URL('../dist/', import.meta.url));

const LANDING_ROUTE_FILES = new Set(['src/routes/__root.tsx', 'src/routes/index.tsx']);
const FIRST_RENDER_SPLITS = new Set(['component', 'pendingComponent']);

/** @returns {Record<string, import('vite').ManifestChunk>} */
export function readManifest() {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`${manifestPath} is missing; run vite build with build.manifest.`);
  }
  return JSON.parse(readFileSync(manifestPath, 'utf8'));
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

/**
 * @param {Record<string, import('vite').ManifestChunk>} manifest
 * @returns {{ files: Map<string, string>, lazyKeys: string[] }} files: file -> why it is downloaded
 */
export function landingFirstLoad(manifest) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('the manifest has no entry chunk.');
  const lazyKeys = Object.keys(manifest).filter((key) => isFirstRenderChunkOfLanding(manifest[key]));
  const files = new Map();
  const collect = (key, reason) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.set(chunk.file, reason);
    for (const imported of chunk.imports ?? []) collect(imported, `static import of ${chunk.file}`);
  };
  collect(entryKey, 'entry');
  for (const key of lazyKeys) collect(key, `lazy chunk of ${key}`);
  return { files, lazyKeys };
}
