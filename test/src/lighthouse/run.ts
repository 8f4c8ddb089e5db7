// npm run lighthouse [-- --runs N] [-- --report last-run.json] — Lighthouse's mobile performance audit of `/`, `/pricing`,
// the wizard's first step and a signed-in client's `/dashboard` (docs/architecture.md §9: 95 or more each), on the
// built app served by the real server as `npm start` serves it (`npm run build` first).
// Debian's Chromium (CHROME_PATH, else /usr/bin/chromium); no browser is ever downloaded. Not part of CI:
// the figures depend on the machine's load, which is printed beside them.
import { existsSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { repoRoot, startAppServer } from '../support/app-server.js';
import { ADMIN, callApi, paidOrderOfNewClient } from '../support/journey.js';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, report: { type: 'string' } },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a positive whole number, not ${values.runs}`);

for (const built of ['backend/dist/main.js', 'frontend/dist/landing.html']) {
  if (!existsSync(join(repoRoot, built))) {
    process.stderr.write(`${built} is missing: run npm run build first.\n`);
    process.exit(1);
  }
}

const chromePath = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
if (!existsSync(chromePath)) {
  process.stderr.write(`${chromePath} is missing: apt-get install chromium (or set CHROME_PATH).\n`);
  process.exit(1);
}
const metrics = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const;

interface Run {
  score: number;
  values: Record<keyof typeof metrics, string>;
  numbers: Record<keyof typeof metrics, number>;
}

/**
 * One Lighthouse run. On a loaded machine Chromium's trace sometimes misses the navigation
 * (NO_NAVSTART and the like): such a run is said and tried again, up to three times.
 */
async function audit(url: string, port: number, cookie?: string) {
  for (let attempt = 1; ; attempt++) {
    const answer = await lighthouse(url, {
      port,
      onlyCategories: ['performance'],
      logLevel: 'error',
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!answer) throw new Error('Lighthouse gave no result');
    const { runtimeError } = answer.lhr;
    if (!runtimeError) return answer.lhr;
    const why = `Lighthouse: ${runtimeError.code} ${runtimeError.message}`;
    if (attempt === 3) throw new Error(why);
    process.stdout.write(`  (${why}; trying again)\n`);
  }
}

// The back-office's account reads the set-password email of the client the dashboard is audited for.
const server = await startAppServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
});
/** Each page's runs, in the order audited. */
const results = new Map<string, Run[]>();
try {
  const load = (): string =>
    loadavg()
      .map((n) => n.toFixed(2))
      .join(', ');
  // A draft for the wizard, and a client who paid and set a password, for the signed-in client area.
  const { body: draft } = await callApi<{ orderId: string }>(server, 'POST', '/api/create-order', {});
  const client = await paidOrderOfNewClient(server, { contactEmail: 'lighthouse@exemple.fr' });
  const password = 'mot-de-passe-lighthouse';
  const { cookie } = await callApi(server, 'POST', '/api/auth/set-password', {
    token: client.setPasswordToken,
    password,
  });
  const pages: { name: string; path: string; cookie?: string }[] = [
    { name: '/', path: '/' },
    { name: '/pricing', path: '/pricing' },
    { name: "the wizard's first step", path: `/order-form/${draft.orderId}` },
    { name: '/dashboard (signed in)', path: '/dashboard', cookie: cookie ?? undefined },
  ];
  process.stdout.write(
    `Lighthouse (mobile preset, simulated throttling) on ${server.url} with ${chromePath}\n`,
  );
  process.stdout.write(`load average before: ${load()}\n\n`);
  for (const page of pages) {
    const runsOfPage: Run[] = [];
    results.set(page.name, runsOfPage);
    for (let i = 1; i <= runs; i++) {
      // The default configuration is the mobile one: a Moto G Power's screen, 4x CPU slowdown, slow 4G.
      const lhr = await audit(`${server.url}${page.path}`, chrome.port, page.cookie);
      const metric = (id: string) => lhr.audits[id]!;
      const run: Run = {
        score: Math.round((lhr.categories['performance']?.score ?? 0) * 100),
        values: Object.fromEntries(
          Object.entries(metrics).map(([name, id]) => [name, metric(id).displayValue ?? '?']),
        ) as Run['values'],
        numbers: Object.fromEntries(
          Object.entries(metrics).map(([name, id]) => [name, metric(id).numericValue ?? NaN]),
        ) as Run['numbers'],
      };
      runsOfPage.push(run);
      // The whole report of the last run, to see why (its network requests, main-thread tasks, audits).
      if (values.report) writeFileSync(values.report, JSON.stringify(lhr, null, 1));
      const figures = Object.entries(run.values)
        .map(([name, value]) => `${name} ${value}`)
        .join('  ');
      process.stdout.write(
        `${page.name}, run ${i}: performance ${run.score}  ${figures}  (load ${load()})\n`,
      );
    }
  }
} finally {
  chrome.kill();
  await server.stop();
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const ms = (n: number) => `${(n / 1000).toFixed(2)} s`;
process.stdout.write('\n');
for (const [page, runsOfPage] of results) {
  const scores = runsOfPage.map((r) => r.score);
  const m = (name: keyof typeof metrics) => median(runsOfPage.map((r) => r.numbers[name]));
  process.stdout.write(
    `${page}, median of ${runs}: performance ${median(scores)} (min ${Math.min(...scores)}, max ${Math.max(...scores)})` +
      `  FCP ${ms(m('FCP'))}  LCP ${ms(m('LCP'))}  TBT ${Math.round(m('TBT'))} ms  CLS ${m('CLS').toFixed(3)}` +
      `  SI ${ms(m('SI'))}\n`,
  );
}
process.stdout.write('target: performance ≥ 95 on each page\n');
