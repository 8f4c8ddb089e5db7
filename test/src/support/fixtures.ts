import { type Browser, type BrowserContextOptions, expect, type Page, test as base } from '@playwright/test';
import { type AppServer, startAppServer } from './app-server.js';
import { ADMIN, signInToBackOffice } from './journey.js';

export { expect };
export type { Locator, Page } from '@playwright/test';

/** The built app of one spec file, started with the back-office's admin and `env` on top. */
export type AppOfFile = (file: string) => Promise<AppServer>;

interface WorkerFixtures {
  /** The app's environment on top of the admin's (`test.use({ appEnv })`, at the top of a spec file). */
  appEnv: Record<string, string>;
  /**
   * The app of the spec file given, started on its first call; for a `beforeAll` (which only sees
   * the worker's fixtures): `appOfFile(testInfo.file)`.
   */
  appOfFile: AppOfFile;
}

interface TestFixtures {
  /** The app of this test's spec file: every test of a file shares it, and its orders. */
  app: AppServer;
  /** The standard page, signed in to the back-office as the admin. */
  adminPage: Page;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  appEnv: [{}, { scope: 'worker', option: true }],
  // A worker runs spec files one after the other, and a spec expects an app of its own (it counts
  // its orders, sets its env): the app is the file's, started for its first test and stopped when
  // the worker moves on to another file or ends.
  appOfFile: [
    async ({ appEnv }, use) => {
      let current: { file: string; app: Promise<AppServer> } | undefined;
      // The previous file's app stops while the next one starts, outside the next file's budget:
      // on a loaded machine its stop (the exit, its schema dropped) has taken tens of seconds.
      const stopping: Promise<void>[] = [];
      const stop = () => {
        const app = current?.app;
        current = undefined;
        if (!app) return;
        // A failed start was already the failure of the test that asked for it; a failed stop is
        // this fixture's, thrown at the worker's end (handled here so it is not an unhandled rejection).
        const stopped = app.then(
          (started) => started.stop(),
          () => undefined,
        );
        stopped.catch(() => undefined);
        stopping.push(stopped);
      };
      await use(async (file) => {
        if (current?.file !== file) {
          stop();
          current = {
            file,
            app: startAppServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...appEnv }),
          };
        }
        return current.app;
      });
      stop();
      await Promise.all(stopping);
    },
    { scope: 'worker' },
  ],
  // A cold start on a loaded two-core machine takes up to 90 s (startAppServer): a budget of its own,
  // not the first test's.
  app: [async ({ appOfFile }, use, testInfo) => use(await appOfFile(testInfo.file)), { timeout: 120_000 }],
  adminPage: async ({ page, app }, use) => {
    await signInToBackOffice(page, app);
    await expect(
      page.locator('[data-sonner-toast]').getByText('Connexion réussie', { exact: true }),
    ).toBeVisible();
    await use(page);
  },
});

/**
 * A page of its own, in French (`options` on top), for the tests of a serial describe that follow
 * one another on it (opened in its `beforeAll`, where the test's own `page` is not there yet).
 */
export async function sharedPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  return (await browser.newContext({ locale: 'fr-FR', ...options })).newPage();
}

/**
 * The landing page is live: prerendered, its buttons are on screen before the app's script has run
 * and a click then is lost. The page marks itself `data-hydrated` once React has attached them.
 */
export const hydrated = (page: Page) => expect(page.locator('[data-hydrated]').first()).toBeAttached();
