import { type BooksBreak } from './books-invariant.js';
import { type InvoiceDocument } from '../invoices/invoice-document.js';
import { formatEurosTTC } from '../pricing/format-euros.js';
import { type BooksCommand, BooksModel } from './testing/books-commands.js';
import { BooksWorld } from './testing/books-world.js';
import { knownDefects } from './testing/known-defects.js';
import { legacyCreditsToSettle } from '../orders/refund-requests.js';

// One case per defect that the books' property test found. Each came in EXPECTED TO FAIL
// (`it.failing`) on the code as it was: its fix made it pass (jest then says so by failing it), and
// it became a plain `it` with its defect removed from `testing/known-defects.ts`, so that the random
// run guards it too. None is left failing; a new defect comes in the same way.

const upToBalance: BooksCommand[] = [
  { kind: 'payFirst', outcome: 'paid' },
  { kind: 'deliver', pick: 0, replay: false },
  ...Array.from({ length: 7 }, () => ({ kind: 'progress' }) as const),
];

/** The deposit paid (its webhook delivered), then the order cancelled by version 1 within the guarantee. */
const depositCancelledByV1: BooksCommand[] = [
  { kind: 'payFirst', outcome: 'paid' },
  { kind: 'deliver', pick: 0, replay: false },
  { kind: 'cancelLegacy' },
];

/** Deposit and balance paid (their webhooks delivered), then the order cancelled by version 1. */
const balanceCancelledByV1: BooksCommand[] = [
  ...upToBalance,
  { kind: 'payFinal', outcome: 'paid' },
  { kind: 'deliver', pick: 0, replay: false },
  { kind: 'cancelLegacy' },
];

function books(
  billing: 'yearly' | 'monthly',
  commands: readonly BooksCommand[],
  { refundsLater = false }: { refundsLater?: boolean } = {},
) {
  const model = new BooksModel(new BooksWorld('2026-12-01T09:00:00.000Z'), undefined, refundsLater);
  model.apply({ kind: 'order', billing });
  for (const command of commands) model.apply(command);
  return { model, breaks: model.world.breaks() };
}

const euros = (cents: number) => formatEurosTTC(cents);

const rules = (breaks: readonly BooksBreak[]) =>
  breaks.map((b) => `${b.rule}${b.document ? ` ${b.document}` : ''}`);

describe('the books of the defects found so far (each a plain case once fixed; none left failing)', () => {
  // books-docs, fixed (8024781): the credit note cancelling a final invoice was listed with the deposit
  // that invoice deducts, at twice what it gives back (A-…13 listed at −1 177,20 € for 588,60 €).
  it('a credit note is listed at the amount it credits, not twice it', () => {
    const { model, breaks } = books('yearly', [
      ...upToBalance,
      { kind: 'payFinal', outcome: 'paid' },
      { kind: 'deliver', pick: 0, replay: false },
      { kind: 'cancel' },
    ]);
    expect(model.world.documents().filter((d) => d.kind === 'credit_note')).toHaveLength(2);
    expect(rules(breaks).filter((r) => r.startsWith('listed_amount A-'))).toEqual([]);
  });

  // books-docs, fixed (8024781): the deposit was counted a second time where the final invoice is listed.
  it('a final invoice is listed at what it invoices, its deposit deducted', () => {
    const { breaks } = books('yearly', [
      ...upToBalance,
      { kind: 'payFinal', outcome: 'paid' },
      { kind: 'deliver', pick: 0, replay: false },
    ]);
    expect(rules(breaks).filter((r) => r.startsWith('listed_amount F-'))).toEqual([]);
  });

  // money-flows: the team cancels within the 14 days; credit notes say refunded, no money moves.
  // money-flows, fixed: the guarantee refunds through the provider, and each refund's report credits.
  it('a cancellation within the guarantee credits only what is refunded', () => {
    const { model, breaks } = books('yearly', [
      { kind: 'payFirst', outcome: 'paid' },
      { kind: 'deliver', pick: 0, replay: false },
      { kind: 'days', days: 3 },
      { kind: 'cancel' },
    ]);
    expect(model.state.status).toBe('cancelled');
    expect(breaks).toEqual([]);
  });

  // money-flows: deposit paid → cancelled within the guarantee → reactivated: the work goes on, the
  // money is kept, the books still say refunded.
  // money-flows, fixed: nothing is credited that was not refunded, so nothing is left to re-invoice.
  // Decision 126, finished: the refunded deposit is owed again where the order resumes.
  it('a reactivation after a credit leaves the books balanced', () => {
    const { model, breaks } = books('yearly', [
      { kind: 'payFirst', outcome: 'paid' },
      { kind: 'deliver', pick: 0, replay: false },
      { kind: 'cancel' },
      { kind: 'reactivate' },
    ]);
    expect(model.state).toMatchObject({ status: 'contract_ready_for_signature', depositPaid: false });
    expect(breaks).toEqual([]);
  });

  // Found by the property test: an order cancelled before any payment and reactivated went to the
  // brief without its deposit; its balance could never be invoiced. Fixed: the final payment is
  // asked only once the first payment is in (decision 126), and the order now resumes where it was
  // cancelled: waiting for its first payment.
  it('an order cancelled unpaid and reactivated has every payment invoiced', () => {
    const { model, breaks } = books('yearly', [{ kind: 'cancel' }, { kind: 'reactivate' }]);
    expect(model.state).toMatchObject({ status: 'contract_ready_for_signature', depositPaid: false });
    for (const command of [
      ...upToBalance,
      { kind: 'payFinal', outcome: 'paid' },
      { kind: 'deliver', pick: 0, replay: false },
    ] as const)
      model.apply(command);
    expect(model.state.finalPaid).toBe(true);
    expect(model.world.breaks()).toEqual([]);
    expect(breaks).toEqual([]);
  });

  // Decision 126, finished: in production, cancelled within the guarantee, the deposit refunded through
  // the provider and credited; reactivated, the order resumes in production owing the deposit again.
  // Paid again, it has its own invoice; the balance's invoice deducts that deposit, not the refunded one.
  it('a deposit refunded by the guarantee is owed again after a reactivation, paid and invoiced once', () => {
    const { model, breaks } = books('yearly', [
      ...upToBalance.slice(0, 6),
      { kind: 'cancel' },
      { kind: 'reactivate' },
    ]);
    expect(model.state).toMatchObject({ status: 'in_progress', depositPaid: false, firstPayment: null });
    expect(model.world.documents().map((d) => d.kind)).toEqual(['deposit_invoice', 'credit_note']);
    for (const command of [
      { kind: 'payFirst', outcome: 'paid' },
      { kind: 'deliver', pick: 0, replay: false },
      { kind: 'progress' },
      { kind: 'progress' },
      { kind: 'payFinal', outcome: 'paid' },
      { kind: 'deliver', pick: 0, replay: false },
    ] as const)
      model.apply(command);
    expect(model.state).toMatchObject({ status: 'ready_for_delivery', depositPaid: true, finalPaid: true });
    const documents = model.world.documents();
    expect(documents.map((d) => d.kind)).toEqual([
      'deposit_invoice',
      'credit_note',
      'deposit_invoice',
      'invoice',
    ]);
    // The balance deducts the deposit paid again (the third document), once.
    const balance = documents[3]!;
    expect(JSON.stringify(balance)).toContain(documents[2]!.number);
    expect(JSON.stringify(balance)).not.toContain(`"${documents[0]!.number}"`);
    expect(model.world.breaks()).toEqual([]);
    expect(breaks).toEqual([]);
  });

  // Found by the property test once the provider could give up a refund (seed 516639714, shrunk):
  // the guarantee's refund asked with the cancellation, the order reactivated owing its deposit
  // again, then the refund failed: the order asked the client for the deposit it still held.
  // Fixed: a failed refund gives the first payment back to the order (heldAgainAfterFailedRefund).
  it('a guarantee refund that fails after the reactivation leaves the deposit held, not owed again', () => {
    const { model } = books(
      'yearly',
      [
        { kind: 'payFirst', outcome: 'paid' },
        { kind: 'deliver', pick: 0, replay: false },
        { kind: 'cancel' },
        { kind: 'reactivate' },
      ],
      { refundsLater: true },
    );
    expect(model.state).toMatchObject({ status: 'contract_ready_for_signature', depositPaid: false });
    model.apply({ kind: 'refundGivesUp', pick: 0 });
    expect(model.state).toMatchObject({ depositPaid: true, refundRequests: [{ failed: expect.anything() }] });
    // Asked nothing again: a new payment link is refused, and the webhooks hold no refund any more.
    model.apply({ kind: 'payFirst', outcome: 'paid' });
    expect(model.world.stream(model.orderId).filter((e) => e.event.type === 'DepositPaid')).toHaveLength(1);
    expect(model.webhooks).toEqual([]);
    // Invoiced once, credited never: nothing was refunded.
    expect(model.world.documents().map((d) => d.kind)).toEqual(['deposit_invoice']);
    expect(model.world.breaks()).toEqual([]);
  });

  // Decision 126, its legacy case: an order cancelled by version 1 within the guarantee had its
  // invoices credited and kept its money; reactivated, nothing was invoiced again, and its books said
  // refunded. Fixed: the reactivation invoices again each payment it keeps, once (keyed by the
  // reactivation and the payment), beside the credit notes, which stay.
  it('a version 1 cancellation reactivated invoices again the deposit it kept, once', () => {
    const { model, breaks } = books('yearly', [...depositCancelledByV1, { kind: 'reactivate' }]);
    expect(model.state).toMatchObject({ status: 'contract_ready_for_signature', depositPaid: true });
    const documents = model.world.documents();
    expect(documents.map((d) => d.kind)).toEqual(['deposit_invoice', 'credit_note', 'deposit_invoice']);
    expect(documents[1]!.corrects!.number).toBe(documents[0]!.number);
    expect(documents[2]).toMatchObject({
      paidWithVat: documents[0]!.paidWithVat,
      payment: documents[0]!.payment,
      paymentDate: documents[0]!.paymentDate,
    });
    expect(breaks).toEqual([]);
  });

  it('a version 1 cancellation of a paid balance reactivated invoices again deposit and balance, the balance deducting the new deposit invoice', () => {
    const { model, breaks } = books('yearly', [...balanceCancelledByV1, { kind: 'reactivate' }]);
    const documents = model.world.documents();
    expect(documents.map((d) => [d.kind, d.number])).toEqual([
      ['deposit_invoice', 'F-2026-000001'],
      ['invoice', 'F-2026-000002'],
      ['credit_note', 'A-2026-000001'],
      ['credit_note', 'A-2026-000002'],
      ['deposit_invoice', 'F-2026-000003'],
      ['invoice', 'F-2026-000004'],
    ]);
    expect(documents[5]!.depositsDeducted.map((d) => d.number)).toEqual(['F-2026-000003']);
    expect(model.world.numbering()).toEqual([]);
    expect(breaks).toEqual([]);
    // Delivered afterwards, and a later refund credits the invoice issued again, not the credited one.
    model.apply({ kind: 'progress' });
    model.apply({ kind: 'refund', payment: 0, part: 'half' });
    model.apply({ kind: 'deliver', pick: 0, replay: false });
    const refundNote = model.world.documents().at(-1)!;
    expect(refundNote).toMatchObject({ kind: 'credit_note', corrects: { number: 'F-2026-000003' } });
    expect(model.world.breaks()).toEqual([]);
  });

  // The property test's last tolerance (a payment refunded in part around a version 1 cancellation,
  // then reactivated: what was kept was not invoiced again). Fixed: the reactivation invoices the part
  // kept (an invoice of that part alone), and the books count the credit note without refund beside it.
  it('a deposit refunded in part before a version 1 cancellation, reactivated, is invoiced again for what is kept', () => {
    const { model, breaks } = books('yearly', [
      { kind: 'payFirst', outcome: 'paid' },
      { kind: 'deliver', pick: 0, replay: false },
      { kind: 'refund', payment: 0, part: 'half' },
      { kind: 'deliver', pick: 0, replay: false },
      { kind: 'cancelLegacy' },
      { kind: 'reactivate' },
    ]);
    expect(model.state).toMatchObject({ status: 'contract_ready_for_signature', depositPaid: true });
    const documents = model.world.documents();
    expect(documents.map((d) => d.kind)).toEqual([
      'deposit_invoice',
      'credit_note',
      'credit_note',
      'deposit_invoice',
    ]);
    const [deposit, refund, cancellation, again] = documents as [
      InvoiceDocument,
      InvoiceDocument,
      InvoiceDocument,
      InvoiceDocument,
    ];
    // Refund and cancellation credit the first invoice in full; the new one is of what was kept, paid.
    expect(refund.totalWithVat + cancellation.totalWithVat).toBe(deposit.totalWithVat);
    expect(again).toMatchObject({
      totalWithVat: cancellation.totalWithVat,
      paidWithVat: cancellation.totalWithVat,
      amountDueWithVat: 0,
      paymentDate: deposit.paymentDate,
      payment: deposit.payment,
      depositsDeducted: [],
    });
    expect(again.lines[0]!.label).toContain('part conservée après un remboursement partiel');
    expect(breaks).toEqual([]);
  });

  it('a deposit refunded in part after a version 1 cancellation, in another month, then reactivated: the books balance each month', () => {
    const { model, breaks } = books('yearly', [
      ...depositCancelledByV1,
      { kind: 'days', days: 16 },
      { kind: 'days', days: 16 },
      { kind: 'refund', payment: 0, part: 'cent' },
      { kind: 'deliver', pick: 0, replay: false },
      { kind: 'reactivate' },
    ]);
    const documents = model.world.documents();
    expect(documents.map((d) => d.kind)).toEqual(['deposit_invoice', 'credit_note', 'deposit_invoice']);
    expect(documents[2]!.totalWithVat).toBe(documents[0]!.totalWithVat - 1);
    expect(breaks).toEqual([]);
  });

  it('a deposit refunded in part and a balance paid, cancelled by version 1 and reactivated: the deposit invoiced for what is kept, the balance alone, then delivered', () => {
    const { model, breaks } = books('yearly', [
      ...upToBalance,
      { kind: 'refund', payment: 0, part: 'cent' },
      { kind: 'deliver', pick: 0, replay: false },
      { kind: 'payFinal', outcome: 'paid' },
      { kind: 'deliver', pick: 0, replay: false },
      { kind: 'cancelLegacy' },
      { kind: 'reactivate' },
    ]);
    const documents = model.world.documents();
    expect(documents.map((d) => d.kind)).toEqual([
      'deposit_invoice',
      'credit_note',
      'invoice',
      'credit_note',
      'credit_note',
      'deposit_invoice',
      'invoice',
    ]);
    const balance = documents[6]!;
    expect(balance).toMatchObject({ depositsDeducted: [], paidWithVat: documents[2]!.paidWithVat });
    expect(balance.totalWithVat).toBe(documents[2]!.paidWithVat);
    expect(balance.lines[0]!.description).toContain(documents[5]!.number);
    expect(breaks).toEqual([]);
    expect(model.world.failedJobs).toEqual([]);
  });

  // Found by the random run of 20 000 sequences once more paths refund after a version 1 cancellation
  // (shrunk, then cut down by hand): a balance refunded in part after that cancellation, reactivated —
  // its invoice of the part kept was refused (« ne correspond pas au montant facturé »: checked as a
  // whole balance deducting its deposit), the reactivation's job failed for good, the books broke.
  // Fixed: the part kept of a balance is invoiced alone, as the part kept of a deposit is.
  it('given a balance refunded in part after a version 1 cancellation, when the order is reactivated, then the part kept is invoiced again alone and the books balance', () => {
    const { model, breaks } = books('yearly', [
      ...balanceCancelledByV1,
      { kind: 'refund', payment: 1, part: 'half' },
      { kind: 'deliver', pick: 0, replay: false },
      { kind: 'reactivate' },
    ]);
    expect(model.world.failedJobs).toEqual([]);
    const documents = model.world.documents();
    expect(documents.map((d) => d.kind)).toEqual([
      'deposit_invoice',
      'invoice',
      'credit_note',
      'credit_note',
      'deposit_invoice',
      'invoice',
    ]);
    const balance = model.state.finalPayment!.amount;
    expect(documents[5]).toMatchObject({
      totalWithVat: balance - Math.ceil(balance / 2),
      paidWithVat: balance - Math.ceil(balance / 2),
      amountDueWithVat: 0,
      depositsDeducted: [],
    });
    expect(documents[5]!.lines[0]!.label).toContain('part conservée après un remboursement partiel');
    expect(breaks).toEqual([]);
  });

  // The balance's guarantee refund failing after the reactivation (as the deposit's above): the order
  // set the balance aside as given back and, its refund failed, asked the client for it again.
  // Fixed: the failed refund gives the balance back to the order; nothing is asked again.
  it('a balance refund that fails after the reactivation leaves the balance held, not asked again; delivered, the books balance', () => {
    const { model } = books(
      'yearly',
      [
        ...upToBalance,
        { kind: 'payFinal', outcome: 'paid' },
        { kind: 'deliver', pick: 0, replay: false },
        { kind: 'cancel' },
        { kind: 'reactivate' },
      ],
      { refundsLater: true },
    );
    expect(model.state).toMatchObject({ status: 'en_revision', depositPaid: false, finalPaid: false });
    // The provider refunds the deposit, and gives up on the balance.
    model.apply({ kind: 'refundGivesUp', pick: 1 });
    expect(model.state).toMatchObject({ finalPaid: true, finalPayment: { payment: { paymentId: 'pay_2' } } });
    model.apply({ kind: 'deliver', pick: 0, replay: false });
    expect(model.state).toMatchObject({ status: 'en_revision', depositPaid: false, finalPaid: true });
    // The deposit is paid again; asked, the final payment is found held: ready for delivery, delivered.
    for (const command of [
      { kind: 'payFirst', outcome: 'paid' },
      { kind: 'deliver', pick: 0, replay: false },
      { kind: 'progress' },
      { kind: 'payFinal', outcome: 'paid' },
      { kind: 'progress' },
    ] as const)
      model.apply(command);
    expect(model.state).toMatchObject({ status: 'delivered', depositPaid: true, finalPaid: true });
    const stream = model.world.stream(model.orderId).map((e) => e.event.type);
    expect(stream.filter((t) => t === 'BalancePaid')).toHaveLength(1);
    expect(stream.slice(stream.indexOf('OrderReactivated'))).not.toContain('FinalPaymentRequested');
    expect(model.world.documents().map((d) => d.kind)).toEqual([
      'deposit_invoice',
      'invoice',
      'credit_note',
      'deposit_invoice',
    ]);
    expect(model.world.breaks()).toEqual([]);
  });
});

describe('the books of paths that hold today', () => {
  it('given a monthly order renewed across New Year, a renewal refunded in part and a webhook replayed, then the books balance', () => {
    const { model, breaks } = books('monthly', [
      ...upToBalance,
      { kind: 'payFinal', outcome: 'paid' },
      { kind: 'deliver', pick: 0, replay: true },
      { kind: 'deliver', pick: 0, replay: false },
      { kind: 'progress' },
      { kind: 'days', days: 31 },
      { kind: 'renewal', outcome: 'paid' },
      { kind: 'deliver', pick: 0, replay: false },
      { kind: 'refund', payment: 2, part: 'half' },
      { kind: 'deliver', pick: 0, replay: false },
    ]);
    expect(model.state.status).toBe('delivered');
    const numbers = model.world.documents().map((d) => d.number);
    expect(numbers.filter((n) => n.startsWith('F-2027-'))).toHaveLength(1);
    expect(numbers.filter((n) => n.startsWith('A-2027-'))).toHaveLength(1);
    expect(breaks).toEqual([]);
  });

  it('given a refund reported before its payment, when the provider sends it again after, then it is credited once', () => {
    const { model, breaks } = books('monthly', [
      { kind: 'payFirst', outcome: 'paid' },
      { kind: 'refund', payment: 0, part: 'full' },
      { kind: 'deliver', pick: 1, replay: false },
      { kind: 'deliver', pick: 0, replay: false },
      { kind: 'deliver', pick: 0, replay: false },
    ]);
    expect(model.webhooks).toEqual([]);
    expect(model.world.documents().map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
    expect(breaks).toEqual([]);
  });

  it('given a deposit paid offline and the balance refunded a cent after the guarantee, then the books balance', () => {
    const { breaks } = books('yearly', [
      { kind: 'payFirst', outcome: 'offline' },
      { kind: 'days', days: 20 },
      { kind: 'refund', payment: 0, part: 'cent' },
      { kind: 'deliver', pick: 0, replay: false },
    ]);
    expect(breaks).toEqual([]);
  });
  // Found by the random run: the provider's replayed notice of a deposit the guarantee gave back, once
  // the order was reactivated, was taken as the deposit paid again (its payment invoiced twice).
  it('given a deposit refunded by the guarantee and the order reactivated, when the provider replays its payment, then nothing is taken in', () => {
    const { model, breaks } = books('yearly', [
      { kind: 'payFirst', outcome: 'paid' },
      { kind: 'deliver', pick: 0, replay: true },
      { kind: 'cancelLegacy' },
      { kind: 'reactivate' },
      { kind: 'cancel' },
      { kind: 'reactivate' },
      { kind: 'deliver', pick: 0, replay: false },
    ]);
    expect(model.world.stream(model.orderId).filter((e) => e.event.type === 'DepositPaid')).toHaveLength(1);
    expect(breaks).toEqual([]);
  });
});

// An order version 1 cancelled within the guarantee stays cancelled: its log cannot change (credit
// notes issued, nothing refunded), but the agency settles it with what the back-office offers today,
// « Rembourser » on each payment through the provider; or it reactivates the order (cases above).
describe('the books of an order cancelled by version 1, settled from the back-office', () => {
  const kinds = (model: BooksModel) => model.world.documents().map((d) => d.kind);
  const events = (model: BooksModel, type: string) =>
    model.world.stream(model.orderId).filter((e) => e.event.type === type);
  const tolerated = (model: BooksModel) => knownDefects[0]!.inPlay(model.world, model.orderId);

  it('given a deposit paid and the order cancelled by version 1, then verify-books names it, says why and what to do', () => {
    const { model, breaks } = books('yearly', [...depositCancelledByV1]);
    const [deposit, credit] = model.world.documents();
    expect(kinds(model)).toEqual(['deposit_invoice', 'credit_note']);
    // One break for the order, not one per month and rate: what happened, what is left, what to do.
    expect(breaks).toHaveLength(1);
    expect(breaks[0]).toMatchObject({ rule: 'balance', orderNumber: 1042 });
    const { why } = breaks[0]!;
    expect(why).toContain(
      `Commande annulée par la version 1 de l'application dans le délai de garantie : ses factures ont été créditées (avoir ${credit!.number}) sans que rien ne soit remboursé`,
    );
    expect(why).toContain(`acompte de 50 % pay_1 : ${euros(deposit!.paidWithVat)}`);
    expect(why).toContain('« Rembourser »');
    expect(why).toContain("l'avoir déjà émis vaut pour ce remboursement, aucun autre n'est émis");
    expect(why).toContain('réactiver la commande');
    expect(why).toContain('facturé − avoirs');
    expect(tolerated(model)).toBe(true);
  });

  it('given a deposit paid and the order cancelled by version 1, when the team refunds it from the back-office, then no second credit note and the books balance', () => {
    const { model } = books('yearly', [
      ...depositCancelledByV1,
      { kind: 'refundFromBackOffice', payment: 0, part: 'full' },
    ]);
    expect(events(model, 'RefundRequested')).toHaveLength(1);
    expect(events(model, 'PaymentRefunded')).toHaveLength(1);
    // The version 1 credit note stands for the refund: none is issued again.
    expect(kinds(model)).toEqual(['deposit_invoice', 'credit_note']);
    expect(model.world.failedJobs).toEqual([]);
    expect(legacyCreditsToSettle(model.state)).toEqual([]);
    expect(model.world.breaks()).toEqual([]);
    // Settled, the order's books are no longer tolerated: the random run checks them.
    expect(tolerated(model)).toBe(false);
  });

  it('given a deposit and a balance paid, cancelled by version 1, when the team refunds the deposit, then the balance is named as left; refunded a month later, the books balance each month', () => {
    const { model, breaks } = books(
      'yearly',
      [
        ...balanceCancelledByV1,
        { kind: 'refundFromBackOffice', payment: 0, part: 'full' },
        { kind: 'deliver', pick: 0, replay: false },
      ],
      { refundsLater: true },
    );
    expect(events(model, 'PaymentRefunded')).toHaveLength(1);
    expect(breaks).toHaveLength(1);
    const balance = model.state.finalPayment!;
    expect(breaks[0]!.why).toContain(
      `${euros(balance.amount)} reçus restent à rendre (solde de 50 % ${balance.payment.paymentId} : ${euros(balance.amount)})`,
    );
    expect(breaks[0]!.why).toContain('rembourser ce paiement par carte');
    for (const command of [
      { kind: 'days', days: 16 },
      { kind: 'days', days: 16 },
      { kind: 'refundFromBackOffice', payment: 0, part: 'full' },
      { kind: 'deliver', pick: 0, replay: false },
    ] as const)
      model.apply(command);
    expect(events(model, 'PaymentRefunded')).toHaveLength(2);
    expect(kinds(model)).toEqual(['deposit_invoice', 'invoice', 'credit_note', 'credit_note']);
    expect(model.world.breaks()).toEqual([]);
    expect(model.world.numbering()).toEqual([]);
  });

  it('given a deposit refunded in part from the back-office after a version 1 cancellation, then what is left is named, and once refunded the books balance', () => {
    const { model } = books('yearly', [
      ...depositCancelledByV1,
      { kind: 'refundFromBackOffice', payment: 0, part: 'half' },
    ]);
    const deposit = model.state.firstPayment!;
    const left = deposit.amount - Math.ceil(deposit.amount / 2);
    const [half] = model.world.breaks();
    expect(half!.why).toContain(`${euros(left)} reçus restent à rendre`);
    expect(tolerated(model)).toBe(true);
    model.apply({ kind: 'refundFromBackOffice', payment: 0, part: 'full' });
    expect(kinds(model)).toEqual(['deposit_invoice', 'credit_note']);
    expect(model.world.breaks()).toEqual([]);
  });

  // Found by the random run once it could refund from the back-office: asked and not reported yet,
  // the refund made the reactivation set the deposit aside as given back, though the version 1 credit
  // note had credited it already; the books broke until the report, and for good when it failed (the
  // order held the deposit again, invoiced by no invoice). Fixed: the reactivation waits for the report.
  it('given a deposit cancelled by version 1 and refunded from the back-office, when the team reactivates before the provider reports, then it is refused until the refund is made or fails', () => {
    const { model } = books(
      'yearly',
      [
        ...depositCancelledByV1,
        { kind: 'refundFromBackOffice', payment: 0, part: 'full' },
        { kind: 'reactivate' },
      ],
      { refundsLater: true },
    );
    expect(model.state.status).toBe('cancelled');
    expect(events(model, 'OrderReactivated')).toEqual([]);
    const refused = model.world.run(model.orderId, {
      type: 'ReactivateOrder',
      actor: { kind: 'admin', id: 'admin-test' },
      reason: 'Le client reprend',
    });
    expect(refused).toMatchObject({
      code: 'ORDER.REFUND_PENDING',
      message: expect.stringContaining('en cours'),
    });
    // The provider gives up: the order keeps the deposit; reactivated, it is invoiced again, all of it.
    model.apply({ kind: 'refundGivesUp', pick: 0 });
    model.apply({ kind: 'reactivate' });
    expect(model.state).toMatchObject({ status: 'contract_ready_for_signature', depositPaid: true });
    expect(kinds(model)).toEqual(['deposit_invoice', 'credit_note', 'deposit_invoice']);
    expect(model.world.breaks()).toEqual([]);
  });

  it('given a deposit cancelled by version 1 and refunded from the back-office, when the refund is reported, then the reactivation owes the deposit again and the books balance', () => {
    const { model } = books(
      'yearly',
      [
        ...depositCancelledByV1,
        { kind: 'refundFromBackOffice', payment: 0, part: 'full' },
        { kind: 'deliver', pick: 0, replay: false },
        { kind: 'reactivate' },
      ],
      { refundsLater: true },
    );
    expect(model.state).toMatchObject({ status: 'contract_ready_for_signature', depositPaid: false });
    expect(kinds(model)).toEqual(['deposit_invoice', 'credit_note']);
    expect(model.world.breaks()).toEqual([]);
  });

  it('given a deposit received by hand and the order cancelled by version 1, then the team is told to reactivate it, which balances the books', () => {
    const { model, breaks } = books('yearly', [
      { kind: 'payFirst', outcome: 'offline' },
      { kind: 'cancelLegacy' },
      // Not the provider's to refund: « Rembourser » is not offered for it.
      { kind: 'refundFromBackOffice', payment: 0, part: 'full' },
    ]);
    expect(events(model, 'RefundRequested')).toEqual([]);
    expect(breaks).toHaveLength(1);
    expect(breaks[0]!.why).toContain('(reçu hors ligne)');
    expect(breaks[0]!.why).toContain('À faire : réactiver la commande');
    expect(breaks[0]!.why).toContain("Un paiement reçu hors ligne ne se rembourse pas depuis l'application");
    expect(breaks[0]!.why).not.toContain('« Rembourser »');
    model.apply({ kind: 'reactivate' });
    expect(model.world.breaks()).toEqual([]);
  });
});
