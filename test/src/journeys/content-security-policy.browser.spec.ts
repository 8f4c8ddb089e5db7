import { type Page } from 'playwright-core';
import { type AppServer } from '../support/app-server.js';
import { eventually, visible } from '../support/eventually.js';
import { freshPagePerTest } from '../support/journey.js';
import { recordPolicyViolations } from '../support/policy-violations.js';

let server: AppServer;
let page: Page;
let violations: string[];

freshPagePerTest((journey) => ({ server, page } = journey));
beforeEach(async () => {
  violations = await recordPolicyViolations(page);
});

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
