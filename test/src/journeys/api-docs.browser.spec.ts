import { type Page } from 'playwright-core';
import { type AppServer } from '../support/app-server.js';
import { visible } from '../support/eventually.js';
import { freshPagePerTest } from '../support/journey.js';

let server: AppServer;
let page: Page;

freshPagePerTest((journey) => ({ server, page } = journey));

describe('the API documentation', () => {
  it('renders Swagger UI at /api/docs from our own origin, with every route and no policy violation', async () => {
    const requested: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    await page.goto(`${server.url}/api/docs`);
    await visible(page.getByRole('heading', { name: /Coseso API/ }));
    await visible(page.getByText('/api/orders/{orderId}/complete', { exact: true }));
    await visible(page.getByText('/api/client/orders/{orderId}/contract/sign', { exact: true }));

    // Opening an operation shows its parameters and answers.
    await page.getByText('/api/orders/{orderId}', { exact: true }).first().click();
    await visible(page.locator('.parameter__name', { hasText: 'orderId' }));
    await visible(page.locator('.response-col_status', { hasText: '404' }));

    const origin = new URL(server.url).origin;
    expect(requested.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
    expect(problems).toEqual([]);
  }, 30_000);
});
