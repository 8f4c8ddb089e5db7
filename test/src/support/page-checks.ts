import { type Locator, type Page, expect } from '@playwright/test';

/** The toasts (sonner) of `page` that say `text`, word for word. */
export const toastOf = (page: Page, text: string): Locator =>
  page.locator('[data-sonner-toast]').getByText(text, { exact: true });

/** Waits until a toast of `page` says `text`. */
export const expectToast = (page: Page, text: string): Promise<void> =>
  expect(toastOf(page, text).first()).toBeVisible();

/** Waits until `page`'s main heading (h1) is `name`. */
export const expectHeading = (page: Page, name: string): Promise<void> =>
  expect(page.getByRole('heading', { level: 1, name, exact: true }).first()).toBeVisible();
