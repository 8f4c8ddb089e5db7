// Writes dist/landing.html: index.html with the landing page already rendered inside #root, so a
// visit to `/` paints before any script has run (main.tsx then hydrates it). The server sends it for
// `/` only; every other address keeps the empty shell, which the browser renders from scratch.
// Runs after `vite build` (the app) and `vite build --ssr src/prerender/render-landing.tsx`.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { distDir, landingFirstLoad, readManifest } from './landing-chunks.mjs';

const ssrDir = join(distDir, '.prerender');
const shellPath = join(distDir, 'index.html');
const landingPath = join(distDir, 'landing.html');

function fail(message) {
  process.stderr.write(`Prerendering /: ${message}\n`);
  process.exit(1);
}

const { renderLanding } = await import(pathToFileURL(join(ssrDir, 'render-landing.js')).href);
let body = await renderLanding();
// The server bundle is only for this step; the web server must not find it in dist/.
rmSync(ssrDir, { recursive: true, force: true });

const shell = readFileSync(shellPath, 'utf8');

// React writes the page's <title> ahead of the markup; the shell's <head> holds it, and hydration
// adopts the one it finds there.
const title = /^<title>(.*?)<\/title>/.exec(body);
if (title) {
  body = body.slice(title[0].length);
  if (!shell.includes(title[0])) fail(`index.html's <title> is not the landing page's: ${title[0]}`);
}
// The Content-Security-Policy runs no inline script: whatever the page needs must come from a file.
if (/<script(?![^>]*\ssrc=)/i.test(body))
  fail('the rendered page contains an inline <script>, which the CSP blocks.');

const root = '<div id="root"></div>';
if (!shell.includes(root)) fail(`index.html has no ${root}`);

// The page paints from its HTML and stylesheet alone. Its scripts only make it interactive, and
// evaluating them before the first paint (which the browser does when they arrive first) delays
// that paint on a slow phone: landing.html loads a small script that starts the app once the page
// has painted, fetching the entry and every chunk the landing needs at once (no import waterfall),
// at low priority.
const firstLoad = [...landingFirstLoad(readManifest()).files.keys()].filter((file) => file.endsWith('.js'));
const entryTag = /<script type="module" crossorigin src="\/([^"]+)"><\/script>/.exec(shell);
if (!entryTag || entryTag[1] !== firstLoad[0]) fail(`index.html's entry script is not ${firstLoad[0]}`);
const boot = `// Written by frontend/scripts/prerender-landing.mjs for landing.html.
const files = ${JSON.stringify(firstLoad.map((file) => `/${file}`))};
let started = false;
function start() {
  if (started) return;
  started = true;
  for (const href of files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.fetchPriority = 'low';
    link.href = href;
    document.head.append(link);
  }
  import(files[0]);
}
const paintTiming = globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint');
// A tab opened in the background paints nothing: it starts at once.
if (!paintTiming || document.visibilityState === 'hidden') {
  start();
} else {
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  // Should the first paint never be reported, the page still comes alive.
  setTimeout(start, 3000);
}
`;
const bootFile = `assets/landing-boot-${createHash('sha256').update(boot).digest('hex').slice(0, 10)}.js`;
writeFileSync(join(distDir, bootFile), boot);

const landing = shell
  // The shell's preloads of the entry's imports would fetch them before the first frame.
  .replace(/\n\s*<link rel="modulepreload"[^>]*>/g, '')
  .replace(entryTag[0], () => `<script type="module" fetchpriority="low" src="/${bootFile}"></script>`)
  .replace(root, () => `<div id="root" data-prerendered="/">${body}</div>`);
writeFileSync(landingPath, landing);
process.stdout.write(`Prerendered / into dist/landing.html (${(landing.length / 1000).toFixed(1)} KB).\n`);
