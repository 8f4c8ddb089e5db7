import { type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { eventually } from '../support/eventually.js';
import { recordPolicyViolations } from '../support/policy-violations.js';
import { expect, test } from '../support/fixtures.js';

let server: AppServer;
let page: Page;
let violations: string[];

test.beforeEach(({ app, page: testPage }) => {
  server = app;
  page = testPage;
});
test.beforeEach(async () => {
  violations = await recordPolicyViolations(page);
});

test.describe('the Content-Security-Policy', () => {
  test('lets every public page of the SPA run with scripts from our own files only', async () => {
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
      await expect(page.getByText(text).first()).toBeVisible();
    }
    // The wizard: a draft is created, and its first step renders with its styles and scripts.
    await page.goto(`${server.url}/order-form`);
    await page.waitForURL(/\/order-form\/[0-9a-f-]{36}/);
    await expect(page.getByRole('button', { name: /Suivant/ }).first()).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('stops an injected inline script and inline event handler', async () => {
    await page.goto(`${server.url}/`);
    await expect(page.getByText(/Votre site professionnel/).first()).toBeVisible();
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
  });
});
