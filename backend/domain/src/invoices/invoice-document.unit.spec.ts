import { orderIn, secondVersion } from '../orders/testing/order-test-kit.js';
import { withVat } from '../pricing/money.js';
import { ACCOUNT_MANAGER } from '../pricing/account-manager.js';
import { DomainError } from '../shared/domain-error.js';
import { ErrorCode } from '../shared/error-codes.js';
import {
  type InvoiceDocument,
  frenchDate,
  invoiceNumber,
  invoiceTotals,
  isInvoiceNumberOf,
  parisDay,
} from './invoice-document.js';
import {
  type InvoicedPayment,
  creditNoteFor,
  invoiceBuyerOf,
  invoiceDocumentFor,
} from './invoice-document-for.js';
import { frenchAddressOf } from './french-address.js';
import { invoiceLinesFor } from './invoice-lines.js';
import { testSeller } from './testing/test-seller.js';

const seller = testSeller;

const forms = [
  { selectedTemplate: 'onepage' },
  { selectedTemplate: 'business', logoOption: 'professional', additionalOptions: { seoOptimizations: true } },
  {
    selectedTemplate: 'ecommerce',
    contentOption: 'ai',
    additionalOptions: { ecommercePro: true, aiChatbot: true, liveTraining: true },
    hostingOptions: {
      hostingType: 'included',
      maintenanceMonthly: true,
      dnsType: 'new',
      newDomainName: 'martin',
    },
  },
  { selectedTemplate: 'portfolio', hostingOptions: { hostingType: 'autonomous' } },
] as const;

const payment = (
  purpose: InvoicedPayment['purpose'],
  amountWithVat: number,
  paidAt = '2026-03-01T10:00:00Z',
) => ({ purpose, provider: 'sandbox', paymentId: `pay_${purpose}`, amountWithVat, paidAt }) as const;

const issue = (
  order: ReturnType<typeof orderIn>['state'],
  pay: InvoicedPayment,
  extra: Partial<Parameters<typeof invoiceDocumentFor>[0]> = {},
) =>
  invoiceDocumentFor({
    order,
    payment: pay,
    number: 'F-2026-000001',
    issuedAt: pay.paidAt,
    seller,
    ...extra,
  });

const refusal = (attempt: () => unknown): DomainError => {
  try {
    attempt();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('the invoice of each money event adds up to what the decider charged', () => {
  describe.each(forms)('a yearly order %j', (form) => {
    const order = orderIn('ready_for_delivery', { billing: 'yearly', form }).state;

    it('deposit: one line, the 50 % deposit, in a deposit invoice', () => {
      const deposit = issue(order, payment('deposit', order.firstPayment!.amount));
      expect(deposit.kind).toBe('deposit_invoice');
      expect(deposit.lines).toHaveLength(1);
      expect(deposit.lines[0]!.label).toBe('Acompte de 50 % sur la commande n° 1042');
      expect(deposit.totalWithVat).toBe(order.firstPayment!.amount);
      expect(deposit.amountDueWithVat).toBe(0);
    });

    it('balance: the whole year item by item, the deposit invoice deducted', () => {
      const deposit = issue(order, payment('deposit', order.firstPayment!.amount));
      const final = issue(order, payment('balance', order.finalPayment!.amount, '2026-04-01T10:00:00Z'), {
        number: 'F-2026-000002',
        depositsInvoiced: [
          { number: deposit.number, issueDate: deposit.issueDate, amountWithVat: deposit.totalWithVat },
        ],
      });
      expect(final.kind).toBe('invoice');
      expect(final.totalAmount).toBe(order.price!.totalAmount);
      expect(final.totalWithVat).toBe(order.price!.totalWithVat);
      expect(final.depositsDeducted).toEqual([
        { number: 'F-2026-000001', issueDate: '2026-03-01', amountWithVat: deposit.totalWithVat },
      ]);
      expect(final.paidWithVat).toBe(order.finalPayment!.amount);
      expect(final.amountDueWithVat).toBe(0);
    });

    it('account manager: a year of it', () => {
      const upsell = issue(order, payment('account_manager', withVat(ACCOUNT_MANAGER.yearlyPriceHT)));
      expect(upsell.lines).toEqual([
        expect.objectContaining({
          label: 'Chargé de compte dédié',
          quantity: 1,
          unit: 'ANN',
          unitPrice: 29_900,
        }),
      ]);
    });
  });

  describe.each(
    forms.filter((form) => !('hostingOptions' in form) || form.hostingOptions.hostingType !== 'autonomous'),
  )('a monthly order %j', (form) => {
    const order = orderIn('ready_for_delivery', { billing: 'monthly', form }).state;

    it('set-up fee: the launch fee and the one-off items', () => {
      const setup = issue(order, payment('setup_fee', order.firstPayment!.amount));
      expect(setup.lines[0]!.label).toMatch(/frais de mise en service$/);
      expect(setup.totalWithVat).toBe(order.firstPayment!.amount);
    });

    it.each(['first_month', 'renewal'] as const)('%s: one month of the subscription', (purpose) => {
      const month = issue(order, payment(purpose, order.finalPayment!.amount));
      expect(month.lines).toEqual([
        expect.objectContaining({ quantity: 1, unit: 'MON', unitPrice: order.price!.monthlyAmount }),
      ]);
      expect(month.totalWithVat).toBe(order.subscription.monthlyWithVat);
    });
  });
});

describe('an order priced at a later catalogue version is invoiced at that version', () => {
  // Version 2 renames « Site Vitrine », asks 40 % at order and prices the account manager 399 € HT.
  const order = orderIn('ready_for_delivery', { billing: 'yearly', catalogue: secondVersion() }).state;

  it('deposit: its share and its template name', () => {
    const deposit = issue(order, payment('deposit', order.firstPayment!.amount));
    expect(deposit.lines[0]!.label).toBe('Acompte de 40 % sur la commande n° 1042');
    expect(deposit.lines[0]!.description).toMatch(/^1re année : Site Essentiel : création/);
    expect(deposit.totalWithVat).toBe(order.firstPayment!.amount);
  });

  it('balance: its template name, the whole year it was priced at', () => {
    const deposit = issue(order, payment('deposit', order.firstPayment!.amount));
    const final = issue(order, payment('balance', order.finalPayment!.amount, '2026-04-01T10:00:00Z'), {
      number: 'F-2026-000002',
      depositsInvoiced: [
        { number: deposit.number, issueDate: deposit.issueDate, amountWithVat: deposit.totalWithVat },
      ],
    });
    expect(final.lines[0]!.label).toBe('Site Essentiel : création, hébergement et licence');
    expect(final.totalWithVat).toBe(order.price!.totalWithVat);
    expect(final.amountDueWithVat).toBe(0);
  });

  it('account manager: its price and name at the version, what the checkout charged', () => {
    const upsell = issue(order, payment('account_manager', withVat(39_900)));
    expect(upsell.lines).toEqual([
      expect.objectContaining({ label: 'Chargé de compte', unit: 'ANN', unitPrice: 39_900 }),
    ]);
    expect(upsell.totalWithVat).toBe(withVat(39_900));
    expect(upsell.amountDueWithVat).toBe(0);
  });
});

describe('a subscription month', () => {
  const order = orderIn('ready_for_delivery', { billing: 'monthly' }).state;

  it('states the period it covers, in days of France', () => {
    const month = issue(order, {
      ...payment('renewal', order.finalPayment!.amount, '2026-05-31T22:30:00Z'),
      servicePeriod: { start: '2026-05-31T22:30:00Z', end: '2026-06-30T22:30:00Z' },
    });
    expect(month.servicePeriod).toEqual({ startDate: '2026-06-01', endDate: '2026-07-01' });
    expect(month.issueDate).toBe('2026-06-01');
  });

  it('a payment without a period states none', () => {
    expect(issue(order, payment('setup_fee', order.firstPayment!.amount)).servicePeriod).toBeNull();
  });
});

describe('what an invoice refuses', () => {
  const order = orderIn('ready_for_delivery', { billing: 'yearly' }).state;

  it('a final invoice that does not deduct the deposit would not add up', () => {
    const error = refusal(() => issue(order, payment('balance', order.finalPayment!.amount)));
    expect(error.code).toBe(ErrorCode.INVOICE_AMOUNT_MISMATCH);
    expect(error.message).toMatch(/^Le paiement de .* ne correspond pas au montant facturé de .*\.$/);
  });

  it('a number of the wrong series', () => {
    const error = refusal(() =>
      issue(order, payment('deposit', order.firstPayment!.amount), { number: 'A-2026-000001' }),
    );
    expect(error.code).toBe(ErrorCode.INVOICE_NUMBER_INVALID);
    expect(error.message).toBe('Numéro de la facture invalide : « A-2026-000001 ».');
  });

  it('an order without a price (its wizard never completed)', () => {
    const draft = orderIn('pending').state;
    expect(refusal(() => invoiceLinesFor(draft, 'deposit')).code).toBe(ErrorCode.INVOICE_NOTHING_SOLD);
  });

  it('a credit note of a credit note', () => {
    const invoice = issue(order, payment('deposit', order.firstPayment!.amount));
    const credit = creditNoteFor(invoice, {
      number: 'A-2026-000001',
      issuedAt: '2026-03-02T10:00:00Z',
      reason: 'Annulation',
      refundedAt: null,
    });
    const error = refusal(() =>
      creditNoteFor(credit, {
        number: 'A-2026-000002',
        issuedAt: '2026-03-02T10:00:00Z',
        reason: 'x',
        refundedAt: null,
      }),
    );
    expect(error.code).toBe(ErrorCode.INVOICE_NOT_CORRECTABLE);
  });
});

describe('an offline payment', () => {
  const order = orderIn('ready_for_delivery', { billing: 'yearly' }).state;

  it('is dated by the day the team received it, and names its reference', () => {
    const invoice = issue(order, {
      ...payment('deposit', order.firstPayment!.amount, '2026-03-04T16:00:00Z'),
      provider: 'offline',
      paymentId: 'VIR-2026-118',
      receivedOn: '2026-03-01',
    });
    expect(invoice.paymentDate).toBe('2026-03-01');
    expect(invoice.mentions.paymentTerms).toBe(
      'Facture acquittée : payée hors ligne (virement ou chèque, référence « VIR-2026-118 ») le 1er mars 2026.',
    );
  });
});

describe('a credit note', () => {
  const order = orderIn('ready_for_delivery', { billing: 'yearly' }).state;
  const invoice: InvoiceDocument = issue(order, payment('deposit', order.firstPayment!.amount));

  it('names the invoice it corrects, repeats its lines and gives back what it collected', () => {
    const credit = creditNoteFor(invoice, {
      number: 'A-2026-000007',
      issuedAt: '2026-03-04T09:00:00Z',
      reason: 'Annulation de la commande dans le délai de 14 jours',
      refundedAt: '2026-03-04T09:00:00Z',
    });
    expect(credit).toMatchObject({
      kind: 'credit_note',
      number: 'A-2026-000007',
      issueDate: '2026-03-04',
      paymentDate: '2026-03-04',
      corrects: {
        number: 'F-2026-000001',
        issueDate: '2026-03-01',
        reason: 'Annulation de la commande dans le délai de 14 jours',
      },
      lines: invoice.lines,
      totalWithVat: invoice.totalWithVat,
      // Refunded: acquitted as its text says, the refund prepaid and nothing left due.
      paidWithVat: invoice.totalWithVat,
      amountDueWithVat: 0,
    });
    expect(credit.mentions).toMatchObject({
      paymentTerms: 'Montant remboursé le 4 mars 2026.',
      latePayment: null,
      recoveryIndemnity: null,
    });
  });

  const partial = (amountWithVat: number) =>
    creditNoteFor(invoice, {
      number: 'A-2026-000008',
      issuedAt: '2026-03-04T09:00:00Z',
      reason: 'Remboursement partiel par le fournisseur de paiement',
      refundedAt: '2026-03-04T09:00:00Z',
      amountWithVat,
    });

  it('of a partial refund gives back the refund to the cent, its HT and VAT split at the invoice’s rate', () => {
    const credit = partial(12_000);
    expect(credit).toMatchObject({
      lines: [
        {
          label: 'Remboursement partiel de la facture F-2026-000001',
          quantity: 1,
          unitPrice: 10_000,
          vatRatePercent: 20,
          totalAmount: 10_000,
        },
      ],
      vatBreakdown: [{ vatRatePercent: 20, baseAmount: 10_000, vatAmount: 2_000 }],
      totalAmount: 10_000,
      vatAmount: 2_000,
      totalWithVat: 12_000,
      paidWithVat: 12_000,
      amountDueWithVat: 0,
      depositsDeducted: [],
    });
  });

  it('of a refund no base gives exactly keeps the refund as TTC, the VAT one cent off the base’s', () => {
    // 837 + 167 = 1 004 and 838 + 168 = 1 006: no HT at 20 % makes 10,05 € TTC.
    const credit = partial(1_005);
    expect(credit.totalWithVat).toBe(1_005);
    expect(credit.totalAmount + credit.vatAmount).toBe(1_005);
    expect(Math.abs(credit.vatAmount - Math.round(credit.totalAmount * 0.2))).toBeLessThanOrEqual(1);
  });

  it('of more than the invoice collected is refused', () => {
    expect(refusal(() => partial(invoice.totalWithVat + 1)).code).toBe(ErrorCode.INVOICE_AMOUNT_MISMATCH);
    expect(refusal(() => partial(0)).code).toBe(ErrorCode.INVOICE_AMOUNT_MISMATCH);
  });
});

describe('the parts of a document', () => {
  it('numbers each series per year on six digits', () => {
    expect(invoiceNumber('invoice', 2026, 123)).toBe('F-2026-000123');
    expect(invoiceNumber('deposit_invoice', 2026, 1)).toBe('F-2026-000001');
    expect(invoiceNumber('credit_note', 2026, 7)).toBe('A-2026-000007');
    expect(isInvoiceNumberOf('credit_note', 'A-2026-000007')).toBe(true);
    expect(isInvoiceNumberOf('invoice', 'A-2026-000007')).toBe(false);
    expect(isInvoiceNumberOf('invoice', 'F-26-1')).toBe(false);
  });

  it('computes VAT once per rate, on the rate’s base', () => {
    const line = (totalAmount: number) => ({
      label: 'x',
      description: null,
      quantity: 1,
      unit: 'C62' as const,
      unitPrice: totalAmount,
      vatRatePercent: 20,
      totalAmount,
    });
    // Per line 0.2 + 0.2 + 0.2 cents would round to 0; on the base of 3 cents it is 0.6 → 1.
    expect(invoiceTotals([line(1), line(1), line(1)])).toEqual({
      vatBreakdown: [{ vatRatePercent: 20, baseAmount: 3, vatAmount: 1 }],
      totalAmount: 3,
      vatAmount: 1,
      totalWithVat: 4,
    });
  });

  it('dates a payment by the calendar day in France', () => {
    expect(parisDay('2026-05-12T22:30:00Z')).toBe('2026-05-13');
    expect(parisDay('2026-01-12T22:30:00Z')).toBe('2026-01-12');
    expect(frenchDate('2026-03-01')).toBe('1er mars 2026');
    expect(frenchDate('2026-12-25')).toBe('25 décembre 2026');
  });

  it('takes the buyer from the wizard: a SIRET gives its SIREN, a bad one none', () => {
    const form = {
      companyName: 'Boulangerie Martin',
      contactFirstName: 'Claire',
      contactLastName: 'Martin',
      contactEmail: 'claire@boulangerie-martin.fr',
      companyAddress: '8 place Bellecour\n69002 Lyon',
    };
    expect(invoiceBuyerOf({ ...form, companyId: '512 349 879 00001' })).toEqual({
      name: 'Boulangerie Martin',
      contactName: 'Claire Martin',
      email: 'claire@boulangerie-martin.fr',
      address: {
        line1: '8 place Bellecour',
        line2: null,
        postcode: '69002',
        city: 'Lyon',
        countryCode: 'FR',
      },
      siren: '512349879',
    });
    expect(invoiceBuyerOf({ ...form, companyId: '512349878' }).siren).toBeNull();
    expect(invoiceBuyerOf({ contactFirstName: 'Claire' }).name).toBe('Claire');
  });

  it.each([
    [
      '12 rue des Lilas, Bâtiment B, 75011 Paris, France',
      { line1: '12 rue des Lilas', line2: 'Bâtiment B', postcode: '75011', city: 'Paris' },
    ],
    ['Lieu-dit Les Granges', { line1: 'Lieu-dit Les Granges', line2: null, postcode: '', city: '' }],
    ['', { line1: '', line2: null, postcode: '', city: '' }],
  ])('splits the address %j', (text, expected) => {
    expect(frenchAddressOf(text)).toEqual({ ...expected, countryCode: 'FR' });
  });
});
