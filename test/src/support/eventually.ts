import { type Locator, type Page } from 'playwright-core';

/** Waits (bounded) until `check` holds; the browser journeys' web-first assertion. */
export async function eventually(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 5_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const visible = (locator: Locator, timeout = 10_000) =>
  locator.first().waitFor({ state: 'visible', timeout });
export const disabled = (locator: Locator) =>
  eventually(() => locator.isDisabled(), `${String(locator)} is disabled`);
export const enabled = (locator: Locator) =>
  eventually(() => locator.isEnabled(), `${String(locator)} is enabled`);
/**
 * The landing page is live: prerendered, its buttons are on screen before the app's script has run
 * and a click then is lost. The page marks itself `data-hydrated` once React has attached them.
 */
export const hydrated = (page: Page) =>
  page.locator('[data-hydrated]').first().waitFor({ state: 'attached' });
