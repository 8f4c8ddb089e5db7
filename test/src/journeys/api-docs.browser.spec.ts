import { expect, test } from '../support/fixtures.js';

test.describe('the API documentation', () => {
  test('renders Swagger UI at /api/docs from our own origin, with every route and no policy violation', async ({
    app,
    page,
  }) => {
    const requested: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    await page.goto(`${app.url}/api/docs`);
    await expect(page.getByRole('heading', { name: /Coseso API/ })).toBeVisible();
    await expect(page.getByText('/api/orders/{orderId}/complete', { exact: true }).first()).toBeVisible();
    await expect(
      page.getByText('/api/client/orders/{orderId}/contract/sign', { exact: true }).first(),
    ).toBeVisible();

    // Opening an operation shows its parameters and answers.
    await page.getByText('/api/orders/{orderId}', { exact: true }).first().click();
    await expect(page.locator('.parameter__name', { hasText: 'orderId' }).first()).toBeVisible();
    await expect(page.locator('.response-col_status', { hasText: '404' }).first()).toBeVisible();

    const origin = new URL(app.url).origin;
    expect(requested.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
    expect(problems).toEqual([]);
  });
});
