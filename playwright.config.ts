import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { chromiumArgs } from './test/src/support/browser.js';

// The browser journeys (test/src/journeys/*.browser.spec.ts) on Playwright's runner. At the root, as
// jest.config.js is: `npx playwright test` from the checkout finds it, and its test-results/ (traces
// of the failed tests) is the one the root .gitignore already leaves out.
//
// The workspace packages (@coseso/backend/testing/…) resolve to their TypeScript sources, as in Jest,
// tsc and Vite (the `source` export condition): their testing/ helpers are not in the build. Those
// sources are compiled by SWC with the project's settings (`npm run bench` does the same), not by
// Playwright's transpiler (`build.external`): it knows no legacy decorators nor their metadata, which
// Nest's injection needs (order-admin.ts starts the app's write side in the test process). Node takes
// both only at start-up (NODE_OPTIONS), and the runner loads the spec files in this very process: a
// bare `npx playwright test` is run again, once, with them. The app under test, started from
// backend/dist, is spawned without them (app-server.ts).
const WORKSPACE_SOURCES = ['--conditions=source', '--import @swc-node/register/esm-register'];
if (!process.env['NODE_OPTIONS']?.includes(WORKSPACE_SOURCES[0]!)) {
  const { status, signal } = spawnSync(process.execPath, process.argv.slice(1), {
    stdio: 'inherit',
    env: {
      ...process.env,
      SWC_NODE_PROJECT: 'tsconfig.base.json',
      NODE_OPTIONS: [process.env['NODE_OPTIONS'], ...WORKSPACE_SOURCES].filter(Boolean).join(' '),
    },
  });
  process.exit(status ?? (signal ? 1 : 0));
}

export default defineConfig({
  testDir: 'test/src/journeys',
  testMatch: '*.browser.spec.ts',
  build: { external: ['**/backend/**/src/**', '**/projections/src/**', '**/event-schemas/src/**'] },
  // A journey starts an app, then clicks through pages: two minutes on a loaded machine before it is
  // a hang. Longer journeys say so themselves (`test.setTimeout`).
  timeout: 120_000,
  // The page's state shows a moment after a click; on a busy two-core machine, after a background
  // job or the projector: the budget detects a hang, it does not time the machine.
  expect: { timeout: 30_000 },
  // Each spec file starts its own built app (test/src/support/fixtures.ts): the app and Chromium
  // take two cores, so one worker on CI's two, and one per two cores where a developer has more.
  workers: process.env['CI'] ? 1 : Math.max(1, Math.floor(availableParallelism() / 2)),
  // A flaky journey must show, not pass on its second try.
  retries: 0,
  forbidOnly: !!process.env['CI'],
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    // Debian's Chromium: Playwright's own browser builds are never downloaded (no `playwright install`).
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
    headless: true,
    locale: 'fr-FR',
    trace: 'retain-on-failure',
  },
});
