import { type Browser, type BrowserContext, type Page } from '@playwright/test';
import { type AppServer } from '../support/app-server.js';
import { eventually } from '../support/eventually.js';
import { recordPolicyViolations, settled } from '../support/policy-violations.js';
import { type ApiAuth, callApi, completedOrder, paidOrderOfNewClient } from '../support/journey.js';
import { expect, test } from '../support/fixtures.js';

// Script written into every free-text field a person types, through the real HTTP API (the
// wizard's fields, the contract's signature, brief file names, the review's feedback, the admin's
// notes, messages and reasons), then every page that shows them, in the client area and the
// back-office: no payload runs, none becomes an element, no dialog opens, the policy reports no
// blocked attempt, and the payload reads as the text it is.

const PASSWORD = 'croissant-au-beurre';
const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=1</script>';
const SVG = '"><svg onload=window.__xss=1>';
const PAYLOAD = `${IMG}${SCRIPT}${SVG}`;
/** What each page must show as text: a payload's own characters, not an element. */
const SHOWN = '<svg onload=window.__xss=1>';
const COMPANY = `Atelier ${PAYLOAD}`;
const EMAIL = 'claire@atelier-xss.example';
// The address rule (the mailer's dot-atom) now refuses « < », « > » and quotes, so an address can no
// longer carry a tag; this one keeps the characters it allows that HTML and attributes must escape.
const STRANGE_EMAIL = "o'neil&x=1{y}|z@xss.example";
// A browser escapes a name's quotes and refuses slashes: these are what a person could send.
const FILE_NAMES = ['<img src=x onerror=window.__xss=1>.png', '<svg onload=window.__xss=1>.png'];
// A 1×1 PNG: the server types uploads from their bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let server: AppServer;
let browser: Browser;

test.beforeAll(async ({ appOfFile, browser: workerBrowser }, testInfo) => {
  server = await appOfFile(testInfo.file);
  browser = workerBrowser;
});
/** A call as the SPA makes it: JSON, from the app's own origin. */
const call = async <T>(method: string, path: string, body?: unknown, auth?: ApiAuth): Promise<T> =>
  (await callApi<T>(server, method, path, body, auth)).body;

interface Email {
  readonly to: string;
  readonly template: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}
const mailbox = async (token: string) =>
  (await call<{ emails: Email[] }>('GET', '/api/test/mailbox?limit=100', undefined, { token })).emails;

interface Seeded {
  readonly orderId: string;
  readonly otherOrderId: string;
  readonly cookie: { name: string; value: string };
  readonly adminToken: string;
}

/** Every free text of an order's life, written with the payload through the API, as its people would. */
async function seed(): Promise<Seeded> {
  const form = {
    companyName: COMPANY,
    companySector: `Artisanat ${PAYLOAD}`,
    companyAddress: `12 rue ${PAYLOAD}\n75012 Paris`,
    companyDescription: `Description ${PAYLOAD}`,
    contactFirstName: `Claire${SVG}`,
    contactLastName: `Martin${IMG}`,
    contactPosition: `Gérante${SCRIPT}`,
    contactEmail: EMAIL,
    socialMedia: `instagram ${PAYLOAD}`,
    customInspiration: `Inspiration ${PAYLOAD}`,
    clientRemarks: `Remarques ${PAYLOAD}`,
    pages: `Accueil, ${PAYLOAD}`,
  };
  const { orderId, setPasswordToken, adminToken: token } = await paidOrderOfNewClient(server, form, 30_000);
  const asAdmin = { token };
  const setPassword = await fetch(`${server.url}/api/auth/set-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ token: setPasswordToken, password: PASSWORD }),
  });
  expect(setPassword.status).toBe(200);
  const [name, value] = setPassword.headers.get('set-cookie')!.split(';')[0]!.split('=') as [string, string];
  const asClient = { cookie: `${name}=${value}` };

  // The client signs the contract the server issued (a job renders it after the payment).
  let contract: { documentSha256: string } | null = null;
  await eventually(
    async () => {
      contract = await call<{ documentSha256: string }>(
        'GET',
        `/api/client/orders/${orderId}/contract`,
        undefined,
        asClient,
      );
      return true;
    },
    'the contract is issued',
    30_000,
  );
  await call(
    'POST',
    `/api/client/orders/${orderId}/contract/sign`,
    { signerName: `Claire ${IMG}`, accepted: true, documentSha256: contract!.documentSha256 },
    asClient,
  );
  // The admin's steps are retried a moment: the app's reactors write to the same order after a
  // payment or a signature, and a step that meets one of their writes is refused with a 409.
  const status = (body: Record<string, unknown>) =>
    call('PATCH', `/api/admin/orders/${orderId}/status`, body, asAdmin);
  await eventually(() => status({ status: 'brief_pending' }).then(() => true), 'the brief is opened');

  // Brief files whose names are markup.
  const upload = new FormData();
  upload.append('orderId', orderId);
  upload.append('category', 'logo');
  for (const fileName of FILE_NAMES)
    upload.append('images', new Blob([PNG], { type: 'image/png' }), fileName);
  const uploaded = await fetch(`${server.url}/api/client/upload`, {
    method: 'POST',
    headers: { origin: server.url, cookie: asClient.cookie },
    body: upload,
  });
  expect([uploaded.status, await uploaded.text()]).toEqual([200, expect.stringContaining('__xss')]);

  const submit = () => call('POST', `/api/client/orders/${orderId}/submit-brief`, {}, asClient);
  await submit();
  await eventually(
    () =>
      call(
        'POST',
        `/api/admin/orders/${orderId}/request-more-elements`,
        { notes: `Il manque ${PAYLOAD}` },
        asAdmin,
      ).then(() => true),
    'more elements are asked for',
    15_000,
  );
  await submit();
  await eventually(
    () =>
      call('POST', `/api/orders/${orderId}/validate-brief`, { notes: `Notes ${PAYLOAD}` }, asAdmin).then(
        () => true,
      ),
    'the brief is validated',
    15_000,
  );
  await status({ status: 'in_progress' });
  await status({ status: 'en_revision', reviewUrl: 'preview.coseso.fr/atelier' });
  await call(
    'POST',
    `/api/client/orders/${orderId}/review`,
    { reviewStatus: 'changes_requested', reviewFeedback: `Changer ${PAYLOAD}` },
    asClient,
  );
  await eventually(
    () =>
      status({
        status: 'en_revision',
        reviewUrl: 'preview.coseso.fr/atelier-v2',
        adminNote: `Note ${PAYLOAD}`,
      }).then(() => true),
    'the changes are sent for review',
    15_000,
  );
  // A correction, whose reason is free text too.
  await status({ status: 'in_progress', reason: `Motif ${PAYLOAD}` });

  // A second order: an address that is markup, and a cancellation's reason.
  const otherOrderId = await completedOrder(server, {
    companyName: `Deuxième ${PAYLOAD}`,
    contactEmail: STRANGE_EMAIL,
  });
  await eventually(
    () =>
      call(
        'PATCH',
        `/api/admin/orders/${otherOrderId}/status`,
        { status: 'cancelled', reason: `Annulée ${PAYLOAD}` },
        asAdmin,
      ).then(() => true),
    'the second order is cancelled',
    15_000,
  );
  return { orderId, otherOrderId, cookie: { name, value }, adminToken: token };
}

interface Findings {
  readonly ran: unknown;
  readonly elements: number;
  readonly inlineScripts: number;
  readonly shown: boolean;
}

/** What a payload would have left in the page had it been taken for markup, and whether it shows as text. */
const inspect = (page: Page): Promise<Findings> =>
  page.evaluate(`(() => ({
    ran: window.__xss,
    elements: document.querySelectorAll('img[src="x"], img[onerror], svg[onload], [onload], [onerror]').length,
    inlineScripts: [...document.scripts].filter((s) => !s.src && s.textContent.includes('__xss')).length,
    shown: document.body.innerText.includes(${JSON.stringify(SHOWN)}),
  }))()`);

/** A page that records every dialog and every blocked load or script the policy reports. */
async function watchedPage(context: BrowserContext) {
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { page, dialogs, violations: await recordPolicyViolations(page) };
}

type Watched = Awaited<ReturnType<typeof watchedPage>>;

/** Opens `path`, waits until it shows a payload as text (when expected) and the page has settled, and checks what it left. */
async function expectSafe(watched: Watched, path: string, expectShown = true) {
  const { page } = watched;
  await page.goto(`${server.url}${path}`);
  await eventually(
    async () => (await inspect(page)).shown || !expectShown,
    `${path} shows the payload as text`,
    20_000,
  );
  await settled(watched.page);
  await expectClean(watched, path, expectShown);
}

async function expectClean({ page, dialogs, violations }: Watched, where: string, expectShown = true) {
  const found = await inspect(page);
  expect({ where, ...found, dialogs, violations }).toEqual({
    where,
    ran: undefined,
    elements: 0,
    inlineScripts: 0,
    // Where the page is expected to show a payload, it shows it as text; elsewhere it may or may not.
    shown: expectShown ? true : found.shown,
    dialogs: [],
    violations: [],
  });
}

test.describe('script typed into free-text fields', () => {
  let seeded: Seeded;
  test.beforeAll(async () => {
    seeded = await seed();
  });

  test('would be caught by these checks if a page rendered it as markup', async () => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const watched = await watchedPage(context);
    await watched.page.goto(`${server.url}/`);
    await expect(watched.page.getByText(/Votre site professionnel/).first()).toBeVisible();
    await watched.page.evaluate(`document.body.insertAdjacentHTML('beforeend', ${JSON.stringify(PAYLOAD)})`);
    // The page loaded long before: the policy's reports say it has met the payload's handlers.
    await eventually(async () => watched.violations.length > 0, 'the blocked handlers are reported');
    await settled(watched.page);
    const found = await inspect(watched.page);
    expect(found.ran).toBeUndefined(); // the policy stops it even then…
    expect(found.elements).toBeGreaterThan(0); // …but the elements are there,
    expect(watched.violations.length).toBeGreaterThan(0); // and the blocked attempts are reported.
    await context.close();
  });

  test('runs nowhere in the client area', async () => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ locale: 'fr-FR' });
    await context.addCookies([{ ...seeded.cookie, url: server.url }]);
    const watched = await watchedPage(context);
    const { orderId } = seeded;
    await expectSafe(watched, '/dashboard');
    for (const tab of ['project', 'media', 'domains', 'subscription', 'support'])
      await expectSafe(watched, `/dashboard/${orderId}?tab=${tab}`, ['project', 'media'].includes(tab));
    // The media tab lists the files under the names they were sent with.
    await watched.page.goto(`${server.url}/dashboard/${orderId}?tab=media`);
    // Under the names they were sent with, made safe for a file system (brackets become _).
    for (const fileName of FILE_NAMES)
      await expect(
        watched.page.getByText(fileName.replace(/[<>]/g, '_').replace(/\.png$/, '')).first(),
      ).toBeVisible();
    await expectClean(watched, 'media tab', true);
    await expectSafe(watched, `/contract/${orderId}`);
    await expectSafe(watched, '/client', false);
    // The public pages an order's id opens.
    await expectSafe(watched, `/order-confirmation/${orderId}`, false);
    await expectSafe(watched, `/order-form/${seeded.otherOrderId}`, false);
    // Reflected: a sign-in page's redirect that is script, not a path of the site.
    await expectSafe(watched, `/auth?redirect=${encodeURIComponent('javascript:window.__xss=1')}`, false);
    await context.close();
  });

  test('runs nowhere in the back-office', async () => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1440, height: 1000 } });
    await context.addInitScript(
      `window.localStorage.setItem('admin-token', ${JSON.stringify(seeded.adminToken)})`,
    );
    const watched = await watchedPage(context);
    const { orderId, otherOrderId } = seeded;
    await expectSafe(watched, '/admin');
    await expectSafe(watched, `/admin?order=${orderId}`);
    await expect(watched.page.getByText(`Notes ${PAYLOAD}`).first()).toBeVisible();
    await expectSafe(watched, `/admin?order=${otherOrderId}`);
    await expectSafe(watched, '/admin?view=board');
    await expectSafe(watched, `/admin/orders/${orderId}/history`);
    await expectSafe(watched, `/admin/orders/${otherOrderId}/history`);
    await expectSafe(watched, '/admin/events');
    // Reflected: the payload in the address's search parameters, which the pages put back in their fields.
    const reflected = encodeURIComponent(PAYLOAD);
    await expectSafe(watched, `/admin?search=${reflected}`, false);
    await expectSafe(watched, `/admin/events?type=${reflected}&actor=${reflected}`, false);
    await context.close();
  });

  test('runs nowhere in the emails, nor in their preview at /email-test', async () => {
    test.setTimeout(180_000);
    const emails = await mailbox(seeded.adminToken);
    const concerned = emails.filter((e) => e.to === EMAIL || e.to === STRANGE_EMAIL);
    expect(concerned.length).toBeGreaterThan(2);
    for (const email of concerned) {
      // The HTML part escapes what it quotes; the text part is plain text, never rendered as markup.
      for (const tag of ['<img src=x', '<img/src=x', '<script>', '<svg onload'])
        expect([email.template, email.html.includes(tag)]).toEqual([email.template, false]);
    }
    expect(concerned.some((e) => e.html.includes('&lt;svg onload'))).toBe(true);

    const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1440, height: 1000 } });
    await context.addInitScript(
      `window.localStorage.setItem('admin-token', ${JSON.stringify(seeded.adminToken)})`,
    );
    const watched = await watchedPage(context);
    await watched.page.goto(`${server.url}/email-test`);
    const list = watched.page.getByRole('list', { name: 'Emails reçus' });
    await expect(list.first()).toBeVisible();
    const items = list.getByRole('button');
    const count = await items.count();
    expect(count).toBeGreaterThan(2);
    let shown = false;
    for (let i = 0; i < count; i++) {
      await items.nth(i).click();
      shown ||= (await inspect(watched.page)).shown;
      const frame = watched.page.locator('iframe[srcdoc]');
      await expect(frame.first()).toBeVisible();
      // The preview frame runs nothing: a sandbox with no permission at all.
      expect(await frame.getAttribute('sandbox')).toBe('');
      // Loaded: whatever the email's markup would have run has had its chance.
      await (await (await frame.elementHandle())!.contentFrame())!.waitForLoadState('load');
    }
    // The text part of at least one email quotes a payload, and shows it as text.
    expect(shown).toBe(true);
    await settled(watched.page);
    await expectClean(watched, '/email-test', false);
    await context.close();
  });
});
