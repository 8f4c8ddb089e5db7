// Writes dist/landing.html: index.html with the landing page already rendered inside #root, so a
// visit to `/` paints before any script has run (main.tsx then hydrates it). The server sends it for
// `/` only; every other address keeps the empty shell, which the browser renders from scratch.
// Runs after `vite build` (the app) and `vite build --ssr src/prerender/render-landing.tsx`.
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

// Hydration waits for the landing route's own chunks: fetch them with the entry, not after it.
const preloaded = new Set(
  [...shell.matchAll(/<(?:script|link)[^>]*(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]),
);
const preloads = [...landingFirstLoad(readManifest()).files.keys()]
  .filter((file) => file.endsWith('.js') && !preloaded.has(file))
  .map((file) => `\n    <link rel="modulepreload" crossorigin href="/${file}">`)
  .join('');

// The page paints from its HTML and stylesheet alone: its scripts, needed only to make it
// interactive, are fetched at low priority so they do not compete with the stylesheet.
const lowPriority = (html) =>
  html.replace(/<(script type="module"|link rel="modulepreload")/g, (tag) => `${tag} fetchpriority="low"`);

const landing = lowPriority(
  shell.replace(/\n(\s*)<\/head>/, (_, indent) => `${preloads}\n${indent}</head>`),
).replace(root, () => `<div id="root" data-prerendered="/">${body}</div>`);
writeFileSync(landingPath, landing);
process.stdout.write(`Prerendered / into dist/landing.html (${(landing.length / 1000).toFixed(1)} KB).\n`);
