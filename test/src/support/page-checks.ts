import { type Locator, type Page, expect } from '@playwright/test';

/** The toasts (sonner) of `page` that say `text`, word for word (or that match it, a RegExp). */
export const toastOf = (page: Page, text: string | RegExp): Locator =>
  page.locator('[data-sonner-toast]').getByText(text, { exact: true });

/** Waits until a toast of `page` says `text` (or matches it). */
export const expectToast = (page: Page, text: string | RegExp): Promise<void> =>
  expect(toastOf(page, text).first()).toBeVisible();

/** Waits until `page`'s main heading (h1) is `name`. */
export const expectHeading = (page: Page, name: string): Promise<void> =>
  expect(page.getByRole('heading', { level: 1, name, exact: true }).first()).toBeVisible();
