import { type Browser, type Page } from 'playwright-core';
import { type AppServer } from '../support/app-server.js';
import { eventually, visible } from '../support/eventually.js';
import { startJourney, stopJourney } from '../support/journey.js';

let server: AppServer;
let browser: Browser;
let page: Page;
let violations: string[];

beforeAll(async () => {
  ({ server, browser } = await startJourney());
});
afterAll(async () => {
  await stopJourney({ server, browser });
});
beforeEach(async () => {
  page = await browser.newPage({ locale: 'fr-FR' });
  violations = [];
  // The browser reports each blocked load or script as a console error; the page's own event says which directive.
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  // In the page (this file has no DOM types): report each violation with its directive.
  await page.addInitScript(`document.addEventListener('securitypolicyviolation', (event) =>
    window.reportViolation(event.violatedDirective + ' ' + event.blockedURI))`);
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      violations.push(message.text());
  });
});
afterEach(() => page.close());

describe('the Content-Security-Policy', () => {
  it('lets every public page of the SPA run with scripts from our own files only', async () => {
    const pages: [string, RegExp][] = [
      ['/', /Votre site professionnel/],
      ['/pricing', /Starter|Business|Premium/],
      ['/cgu', /Conditions/i],
      ['/auth', /Espace Client/],
      ['/admin', /Espace Admin/],
      ['/demo/business', /./],
      ['/page-qui-n-existe-pas', /Page introuvable/],
    ];
    for (const [path, text] of pages) {
      await page.goto(`${server.url}${path}`);
      await visible(page.getByText(text).first());
    }
    // The wizard: a draft is created, and its first step renders with its styles and scripts.
    await page.goto(`${server.url}/order-form`);
    await page.waitForURL(/\/order-form\/[0-9a-f-]{36}/);
    await visible(page.getByRole('button', { name: /Suivant/ }));
    expect(violations).toEqual([]);
  }, 60_000);

  it('stops an injected inline script and inline event handler', async () => {
    await page.goto(`${server.url}/`);
    await visible(page.getByText(/Votre site professionnel/).first());
    const ran = await page.evaluate(`(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.body.append(script);
      const img = document.createElement('img');
      img.setAttribute('src', 'data:,not-an-image');
      img.setAttribute('onerror', 'window.handlerRan = true');
      // Listened to after the attribute was set: the inline handler's turn comes first.
      const failed = new Promise((resolve) => img.addEventListener('error', resolve));
      document.body.append(img);
      await failed;
      return { inline: window.inlineRan === true, handler: window.handlerRan === true };
    })()`);
    expect(ran).toEqual({ inline: false, handler: false });
    await eventually(async () => violations.length >= 2, 'both blocked attempts are reported');
  }, 30_000);
});
