import fc from 'fast-check';
import { type BooksCommand, BooksModel, pathToAnEnd } from './testing/books-commands.js';
import { BooksWorld } from './testing/books-world.js';
import { knownDefects, unexplainedBreaks } from './testing/known-defects.js';
import { type OrderState } from '../orders/order-state.js';
import { legacyCreditsToSettle, refundedOf, requestedOf } from '../orders/refund-requests.js';

// The books, proven over every path: random sequences of client, team, provider and clock
// commands run through the order decider and the invoices' reactor's decisions, and after every
// step the invariant holds (but for the known defects, each pinned by a named failing case), some
// allowed sequence still reaches « Livré » or « Annulé », and every series is numbered without gap.
// A failure prints its seed and the shortest sequence fast-check shrank it to; replay it with
// BOOKS_SEED=<seed> (and BOOKS_PATH=<path>). BOOKS_RUNS sets how many sequences (2 000 by default).

const RUNS = Number(process.env['BOOKS_RUNS'] ?? 2_000);
const SEED = process.env['BOOKS_SEED'] ? Number(process.env['BOOKS_SEED']) : undefined;
const PATH = process.env['BOOKS_PATH'];

const outcome = fc.constantFrom('paid', 'paid', 'failed', 'offline') as fc.Arbitrary<
  'paid' | 'failed' | 'offline'
>;

const command: fc.Arbitrary<BooksCommand> = fc.oneof(
  { weight: 4, arbitrary: outcome.map((o) => ({ kind: 'payFirst', outcome: o }) as const) },
  { weight: 3, arbitrary: outcome.map((o) => ({ kind: 'payFinal', outcome: o }) as const) },
  { weight: 1, arbitrary: fc.constant({ kind: 'accountManager' } as const) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom('paid', 'paid', 'failed')
      .map((o) => ({ kind: 'renewal', outcome: o }) as BooksCommand),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'cancelSubscription' } as const) },
  { weight: 8, arbitrary: fc.constant({ kind: 'progress' } as const) },
  { weight: 1, arbitrary: fc.constant({ kind: 'cancel' } as const) },
  // Orders cancelled by version 1 are in the log (credit notes, no refund), and may be reactivated.
  { weight: 1, arbitrary: fc.constant({ kind: 'cancelLegacy' } as const) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reactivate' } as const) },
  {
    weight: 2,
    arbitrary: fc
      .record({ payment: fc.nat(5), part: fc.constantFrom('full', 'half', 'cent') })
      .map((r) => ({ kind: 'refund', ...r }) as BooksCommand),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ payment: fc.nat(5), part: fc.constantFrom('full', 'full', 'half', 'cent') })
      .map((r) => ({ kind: 'refundFromBackOffice', ...r }) as BooksCommand),
  },
  { weight: 2, arbitrary: fc.nat(5).map((pick) => ({ kind: 'refundGivesUp', pick }) as const) },
  {
    weight: 8,
    arbitrary: fc
      .record({ pick: fc.nat(5), replay: fc.boolean() })
      .map((r) => ({ kind: 'deliver', ...r }) as const),
  },
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 16 }).map((days) => ({ kind: 'days', days }) as const) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 1, max: 12 }).map((hours) => ({ kind: 'hours', hours }) as const),
  },
);

/**
 * A path the uniform draw almost never takes (none in 20 000 sequences): the final payment paid, the
 * order cancelled within the guarantee (its refunds asked of the provider, reported later), reactivated,
 * then the provider gives up a refund (the balance's or the first month's, or the deposit's). Its steps
 * come in this order with random commands between them, which may well take it elsewhere (days past
 * the guarantee, a refund reported before it fails, another cancellation): what they do is checked as
 * anywhere else. Then random commands go on from where it is.
 */
const between = fc.array(command, { maxLength: 2 });
const refundFailsAfterReactivation: fc.Arbitrary<BooksCommand[]> = fc
  .tuple(
    fc.constantFrom<BooksCommand[]>(
      [{ kind: 'payFirst', outcome: 'paid' }],
      [{ kind: 'payFirst', outcome: 'offline' }],
    ),
    fc.array(between, { minLength: 12, maxLength: 12 }),
    fc.nat(3),
    fc.array(command, { maxLength: 30 }),
  )
  .map(([first, noise, pick, tail]) => {
    const steps: BooksCommand[][] = [
      first,
      [{ kind: 'deliver', pick: 0, replay: false }],
      ...Array.from({ length: 7 }, () => [{ kind: 'progress' } as const]),
      [
        { kind: 'payFinal', outcome: 'paid' },
        { kind: 'deliver', pick: 0, replay: false },
      ],
      [{ kind: 'cancel' }],
      [{ kind: 'reactivate' }],
    ];
    return [...steps.flatMap((step, i) => [...step, ...noise[i]!]), { kind: 'refundGivesUp', pick }, ...tail];
  });

/**
 * The agency settles an order version 1 cancelled within the guarantee (its invoices credited, nothing
 * refunded) as it can today: « Rembourser » on each payment from the back-office, through the provider.
 * Paid the deposit (by card or by hand), or up to the final payment, then cancelled by version 1, then
 * each payment refunded in full (or a part, sometimes), sometimes reactivated after, with random
 * commands between and after.
 */
const legacySettlement: fc.Arbitrary<BooksCommand[]> = fc
  .tuple(
    fc.constantFrom<'paid' | 'offline'>('paid', 'paid', 'offline'),
    fc.boolean(),
    fc.array(between, { minLength: 4, maxLength: 4 }),
    fc.constantFrom<'full' | 'half'>('full', 'full', 'full', 'half'),
    // Sometimes the client goes on after all: reactivated once settled (in full, or in part).
    fc.constantFrom(false, false, true),
    fc.array(command, { maxLength: 20 }),
  )
  .map(([first, final, noise, part, reactivate, tail]) => {
    const paid: BooksCommand[] = [
      { kind: 'payFirst', outcome: first },
      { kind: 'deliver', pick: 0, replay: false },
      ...(final
        ? ([
            ...Array.from({ length: 7 }, () => ({ kind: 'progress' }) as const),
            { kind: 'payFinal', outcome: 'paid' },
            { kind: 'deliver', pick: 0, replay: false },
          ] as const)
        : []),
    ];
    const deliverAll = Array.from(
      { length: 4 },
      () => ({ kind: 'deliver', pick: 0, replay: false }) as const,
    );
    return [
      ...paid,
      ...noise[0]!,
      { kind: 'cancelLegacy' },
      ...noise[1]!,
      { kind: 'refundFromBackOffice', payment: 0, part },
      ...noise[2]!,
      { kind: 'refundFromBackOffice', payment: 0, part: 'full' },
      ...noise[3]!,
      ...deliverAll,
      ...(reactivate ? [{ kind: 'reactivate' } as const] : []),
      ...tail,
    ];
  });

const start = fc.constantFrom(
  // Mid-year, ten days before New Year, and an hour and a half before it (Paris time).
  '2026-06-10T08:00:00.000Z',
  '2026-12-20T10:00:00.000Z',
  '2026-12-31T21:30:00.000Z',
);
const billing = fc.constantFrom('yearly', 'monthly') as fc.Arbitrary<'yearly' | 'monthly'>;

const scenario = fc.oneof(
  {
    weight: 18,
    arbitrary: fc.record({
      start,
      billing,
      // The provider refunds what the team asks at once, or reports it later (a webhook), or gives up.
      refundsLater: fc.boolean(),
      commands: fc.array(command, { minLength: 10, maxLength: 60, size: 'max' }),
    }),
  },
  {
    // One in twenty: the provider reports the refunds later, and gives one up.
    weight: 1,
    arbitrary: fc.record({
      start,
      billing,
      refundsLater: fc.constant(true),
      commands: refundFailsAfterReactivation,
    }),
  },
  {
    // One in twenty: an order cancelled by version 1, settled from the back-office.
    weight: 1,
    arbitrary: fc.record({ start, billing, refundsLater: fc.boolean(), commands: legacySettlement }),
  },
);

/** What the run went through, to say it covered the paths it claims. */
const seen = {
  sequences: 0,
  steps: 0,
  delivered: 0,
  cancelled: 0,
  reactivated: 0,
  /** Reactivated owing the first payment the guarantee refunded, and paid it again. */
  repaidAfterRefund: 0,
  refunds: 0,
  /** A version 1 cancellation that credited the invoices, reactivated: what it kept invoiced again. */
  reinvoicedAfterLegacy: 0,
  /** …of which a payment refunded in part: invoiced again for what the order kept. */
  reinvoicedKeptPart: 0,
  /** A guarantee refund given up after the order's reactivation: the order holds the payment again. */
  refundFailedAfterReactivation: 0,
  /** …of which a final payment (balance or first month), held again. */
  finalHeldAgain: 0,
  /** Cancelled by version 1 and settled by « Rembourser » from the back-office, still cancelled. */
  legacySettled: 0,
  creditNotes: 0,
  acrossNewYear: 0,
  knownDefects: 0,
};

/**
 * A first or final payment the order asks again although it holds it: set aside by a reactivation as
 * given back, while its refund was neither made in full nor is still asked (it failed).
 */
function asksAgainWhatItHolds(state: OrderState): string | null {
  const firsts = ['deposit', 'setup_fee'];
  const finals = ['balance', 'first_month'];
  const held = (state.returnedPayments ?? []).find(
    (p) =>
      ((!state.depositPaid && firsts.includes(p.purpose)) ||
        (!state.finalPaid && finals.includes(p.purpose))) &&
      Math.max(refundedOf(state, p.payment.paymentId), requestedOf(state, p.payment.paymentId)) < p.amount,
  );
  return held
    ? `asks again the ${held.purpose} ${held.payment.paymentId} it holds (its refund failed)`
    : null;
}

const checked = new WeakMap<BooksModel, { state: unknown; documents: number }>();

function check(model: BooksModel, step: string) {
  const { world } = model;
  const last = checked.get(model);
  const documents = world.invoiceEvents().length;
  if (last && last.state === model.state && last.documents === documents) return;
  checked.set(model, { state: model.state, documents });
  const breaks = unexplainedBreaks(world, world.breaks());
  if (breaks.length > 0)
    throw new Error(
      `after ${step}, the books break:\n${breaks.map((b) => `  [${b.rule}] ${b.why}`).join('\n')}`,
    );
  const numbering = world.numbering();
  if (numbering.length > 0) throw new Error(`after ${step}, numbering: ${numbering.join('; ')}`);
  const asksAgain = asksAgainWhatItHolds(model.state);
  if (asksAgain) throw new Error(`after ${step}, the order ${asksAgain}`);
  const now = world.clock.now().toISOString();
  if (model.state.exists && !pathToAnEnd(model.state, now))
    throw new Error(
      `after ${step}, dead end: no allowed sequence leads from « ${model.state.status} » to delivered or cancelled`,
    );
}

describe('the books, over random sequences of commands', () => {
  it(`balance after every step of ${RUNS} random sequences, with no dead end and gapless numbering`, () => {
    const started = Date.now();
    fc.assert(
      fc.property(scenario, ({ start, billing, refundsLater, commands }) => {
        const model = new BooksModel(new BooksWorld(start), undefined, refundsLater);
        model.apply({ kind: 'order', billing });
        check(model, 'the order');
        for (const [i, c] of commands.entries()) {
          model.apply(c);
          check(model, `step ${i + 1} (${JSON.stringify(c)})`);
        }
        const { world } = model;
        const events = world.stream(model.orderId).map((e) => e.event.type);
        const documents = world.documents();
        seen.sequences += 1;
        seen.steps += commands.length + 1;
        if (model.state.status === 'delivered') seen.delivered += 1;
        if (events.includes('OrderCancelled')) seen.cancelled += 1;
        if (events.includes('OrderReactivated')) seen.reactivated += 1;
        const owedAgain = world
          .stream(model.orderId)
          .findIndex((e) => e.event.type === 'OrderReactivated' && e.event.data.firstPaymentOwed);
        if (
          owedAgain >= 0 &&
          world
            .stream(model.orderId)
            .slice(owedAgain)
            .some((e) => e.event.type === 'DepositPaid' || e.event.type === 'SetupFeePaid')
        )
          seen.repaidAfterRefund += 1;
        if (events.includes('PaymentRefunded')) seen.refunds += 1;
        if (world.invoiceEvents().some((e) => e.type === 'InvoiceIssued' && e.data.issuedFrom.paymentId))
          seen.reinvoicedAfterLegacy += 1;
        if (
          world
            .invoiceEvents()
            .some(
              (e) =>
                e.type === 'InvoiceIssued' &&
                e.data.issuedFrom.paymentId &&
                e.data.document.paidWithVat < (e.data.document.payment?.amountWithVat ?? 0),
            )
        )
          seen.reinvoicedKeptPart += 1;
        const reactivatedAt = events.indexOf('OrderReactivated');
        if (reactivatedAt >= 0 && events.lastIndexOf('RefundFailed') > reactivatedAt)
          seen.refundFailedAfterReactivation += 1;
        const stream = world.stream(model.orderId);
        if (
          stream.some(
            (e, i) =>
              e.event.type === 'RefundFailed' &&
              i > reactivatedAt &&
              reactivatedAt >= 0 &&
              (e.event.data.paymentId === model.state.finalPayment?.payment.paymentId ||
                stream.some(
                  (p) =>
                    (p.event.type === 'BalancePaid' || p.event.type === 'FirstMonthlyPaymentPaid') &&
                    p.event.data.payment.paymentId === (e.event.data as { paymentId: string }).paymentId,
                )),
          )
        )
          seen.finalHeldAgain += 1;
        const legacyAt = stream.findIndex(
          (e) => e.event.type === 'OrderCancelled' && e.event.data.guaranteeRefund === 'legacy',
        );
        if (
          legacyAt >= 0 &&
          model.state.status === 'cancelled' &&
          legacyCreditsToSettle(model.state).length === 0 &&
          stream
            .slice(legacyAt)
            .some((e) => e.event.type === 'RefundRequested' && e.event.data.cause === 'team') &&
          documents.some((d) => d.kind === 'credit_note' && d.paymentDate === null)
        )
          seen.legacySettled += 1;
        if (documents.some((d) => d.kind === 'credit_note')) seen.creditNotes += 1;
        if (new Set(documents.map((d) => d.number.slice(2, 6))).size > 1) seen.acrossNewYear += 1;
        if (world.breaks().length > 0) seen.knownDefects += 1;
      }),
      { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}), ...(PATH ? { path: PATH } : {}) },
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    // One line for the record (the issue's closing note): what the run covered, and how long it took.
    process.stdout.write(
      `books property: ${seen.sequences} sequences, ${seen.steps} steps in ${seconds} s; delivered ${seen.delivered}, cancelled ${seen.cancelled}, reactivated ${seen.reactivated} (of which first payment refunded and paid again ${seen.repaidAfterRefund}), refunded ${seen.refunds}, a refund failed after a reactivation ${seen.refundFailedAfterReactivation} (of which a final payment's ${seen.finalHeldAgain}), invoiced again after a legacy cancellation ${seen.reinvoicedAfterLegacy} (of which the part kept of a payment refunded in part ${seen.reinvoicedKeptPart}), cancelled by version 1 then settled from the back-office ${seen.legacySettled}, with credit notes ${seen.creditNotes}, documents across New Year ${seen.acrossNewYear}; breaks of known defects in ${seen.knownDefects} (${knownDefects.map((d) => d.owner).join(', ')})\n`,
    );
    expect(seen.delivered).toBeGreaterThan(0);
    expect(seen.refunds).toBeGreaterThan(0);
    expect(seen.repaidAfterRefund).toBeGreaterThan(0);
    expect(seen.refundFailedAfterReactivation).toBeGreaterThan(0);
    // Reached by the story drawn one sequence in twenty (refundFailsAfterReactivation), checked at
    // every step (asksAgainWhatItHolds) and pinned by its named case.
    expect(seen.finalHeldAgain).toBeGreaterThan(0);
    expect(seen.legacySettled).toBeGreaterThan(0);
    expect(seen.reinvoicedAfterLegacy).toBeGreaterThan(0);
    expect(seen.reinvoicedKeptPart).toBeGreaterThan(0);
    expect(seen.acrossNewYear).toBeGreaterThan(0);
  }, 120_000);
});
