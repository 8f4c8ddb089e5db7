import { expect, type Page } from '@playwright/test';

/** Sent through the page's violation report after everything else it had to report. */
const SETTLED = 'settled';

/**
 * Records every load or script the Content-Security-Policy blocks on `page`, from now on: the
 * page's own `securitypolicyviolation` event says which directive, and the browser's console error
 * catches what no event reports.
 */
export async function recordPolicyViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => {
    if (text !== SETTLED) violations.push(text);
  });
  // In the page (these files have no DOM types): report each violation with its directive.
  await page.addInitScript(`document.addEventListener('securitypolicyviolation', (event) =>
    window.reportViolation(event.violatedDirective + ' ' + event.blockedURI))`);
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      violations.push(message.text());
  });
  return violations;
}

/**
 * The page's document and every image in it have loaded or failed (a payload's image fails to load,
 * which fires its handler), the page has drawn a frame and run the tasks queued before it (the error
 * events, the policy's violation events), and what it reported on its way to the test has arrived: a
 * last report, sent through the same channel, comes back after those before it. For a page
 * recording its violations.
 *
 * Not Playwright's 'networkidle': it needs every child frame idle too, and a preview frame whose
 * `srcdoc` changed may never report idle again (a CI run waited 3 minutes on /email-test).
 */
export async function settled(page: Page): Promise<void> {
  // Polled from here: a predicate run in the page would be a string eval, which the policy refuses.
  await expect
    .poll(() =>
      page.evaluate(
        `document.readyState === 'complete' && [...document.images].every((image) => image.complete)`,
      ),
    )
    .toBe(true);
  await page.evaluate(`new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)))`);
  await page.evaluate(`window.reportViolation(${JSON.stringify(SETTLED)})`);
}
