import { allowedAdminActions, contactErasable, statusChangeCommand } from './admin-actions.js';
import { toAdminOrderView } from './admin-order-view.js';
import { statisticsContribution } from './admin-statistics.js';
import { type OrderStatus, orderStatuses } from './order-status.js';
import { actors, awaitingPaymentWithLink, minutesLater, orderIn } from './testing/order-test-kit.js';

const now = '2026-11-25T10:00:00.000Z';
const actionsIn = (status: OrderStatus, billing: 'yearly' | 'monthly' = 'yearly') =>
  allowedAdminActions(orderIn(status, { billing }).state).map((a) => `${a.action}→${a.to ?? '='}`);

describe('the actions the back-office offers', () => {
  it.each<[OrderStatus, string[]]>([
    ['pending', []],
    // Not paid yet: the payment received offline can be recorded, or the contract forced.
    [
      'contract_ready_for_signature',
      ['record_offline_first_payment→=', 'cancel→cancelled', 'correct_status→contract_signed'],
    ],
    ['contract_signed', ['open_brief→brief_pending', 'cancel→cancelled']],
    ['brief_pending', ['cancel→cancelled']],
    // The scenario's brief is not validated yet: production cannot start.
    ['brief', ['validate_brief→=', 'request_more_elements→brief_pending', 'cancel→cancelled']],
    ['in_progress', ['send_review_link→en_revision', 'cancel→cancelled', 'correct_status→brief']],
    ['revision_changes_requested', ['complete_changes→en_revision', 'cancel→cancelled']],
    [
      'awaiting_balance_payment',
      ['record_offline_payment→ready_for_delivery', 'cancel→cancelled', 'correct_status→in_progress'],
    ],
    ['ready_for_delivery', ['finalize_delivery→delivered', 'cancel→cancelled']],
    ['delivered', []],
    ['cancelled', ['reactivate→in_progress']],
  ])('from %s: %j', (status, expected) => {
    expect(actionsIn(status)).toEqual(expected);
  });

  it('offers to move an approved review on to the plan’s payment, and not before approval', () => {
    // orderIn('awaiting_…') passes through an approved en_revision; a fresh en_revision is not approved.
    expect(actionsIn('en_revision')).toEqual(['cancel→cancelled', 'correct_status→in_progress']);
    const approved = orderIn('en_revision');
    approved.run({ type: 'ApproveReview', actor: { kind: 'client', id: 'client-1' } });
    expect(allowedAdminActions(approved.state).map((a) => a.to)).toContain('awaiting_balance_payment');
    expect(actionsIn('awaiting_first_monthly_payment', 'monthly')).toContain(
      'record_offline_payment→ready_for_delivery',
    );
  });

  it('offers production once the brief is validated', () => {
    const brief = orderIn('brief');
    brief.run({ type: 'ValidateBrief', actor: { kind: 'admin', id: 'admin-1' }, notes: '' });
    expect(allowedAdminActions(brief.state).map((a) => a.action)).toContain('start_production');
  });
});

describe('a status change', () => {
  it('maps each target to its command, a reason making the forced signature a correction', () => {
    const ready = orderIn('contract_ready_for_signature').state;
    expect(statusChangeCommand(ready, 'contract_signed', {}, now).type).toBe('SignContract');
    expect(statusChangeCommand(ready, 'contract_signed', { reason: 'Virement reçu' }, now)).toEqual({
      type: 'CorrectStatus',
      to: 'contract_signed',
      reason: 'Virement reçu',
    });
    expect(statusChangeCommand(orderIn('cancelled').state, 'in_progress', {}, now).type).toBe(
      'ReactivateOrder',
    );
    expect(
      statusChangeCommand(orderIn('brief').state, 'brief_pending', { adminNote: 'Logo ?' }, now),
    ).toEqual({ type: 'RequestMoreElements', message: 'Logo ?' });
    expect(
      statusChangeCommand(
        orderIn('revision_changes_requested').state,
        'en_revision',
        { reviewUrl: 'a.fr' },
        now,
      ),
    ).toEqual({ type: 'CompleteChanges', reviewUrl: 'a.fr', note: null });
  });

  it('records a first month paid offline with its reference and day, and no subscription', () => {
    const state = orderIn('awaiting_first_monthly_payment', { billing: 'monthly' }).state;
    const command = statusChangeCommand(
      state,
      'ready_for_delivery',
      { paymentReference: 'CHQ-42', paymentDate: '2027-01-30', paymentMeans: 'transfer' },
      '2027-01-31T09:00:00.000Z',
    );
    expect(command).toEqual({
      type: 'RecordFinalPayment',
      payment: { provider: 'offline', paymentId: 'CHQ-42', receivedOn: '2027-01-30', means: 'transfer' },
      amount: state.price!.monthlyWithVat,
    });
  });

  it('leaves no dead end after a contract forced unpaid: the first payment can be recorded until it is', () => {
    const s = orderIn('contract_ready_for_signature');
    s.run({ type: 'CorrectStatus', actor: actors.admin, to: 'contract_signed', reason: 'Virement annoncé' });
    for (const next of [{ type: 'OpenBrief' }, { type: 'SubmitBrief', nothingToSend: true }] as const) {
      expect(allowedAdminActions(s.state).map((a) => a.action)).toContain('record_offline_first_payment');
      s.run({ ...next, actor: next.type === 'OpenBrief' ? actors.admin : actors.client });
    }
    s.run({
      type: 'RecordFirstPayment',
      actor: actors.admin,
      payment: { provider: 'offline', paymentId: 'VIR-1', receivedOn: '2026-11-22', means: 'transfer' },
      amount: s.state.price!.depositWithVat,
    });
    expect(s.state).toMatchObject({ status: 'brief', depositPaid: true });
    expect(allowedAdminActions(s.state).map((a) => a.action)).not.toContain('record_offline_first_payment');
  });

  it('refuses a status no action leads to, naming the current status', () => {
    expect(() => statusChangeCommand(orderIn('brief').state, 'pending', {}, now)).toThrow(
      'Impossible de passer la commande au statut « En cours » : la commande est au statut « Brief ».',
    );
  });
});

describe('the statistics of one order', () => {
  it('count nothing for a draft nobody filled in, and count every other order', () => {
    expect(statisticsContribution(orderIn('pending').state).totalOrders).toBe(0);
    for (const status of orderStatuses.filter((s) => s !== 'pending'))
      expect(
        statisticsContribution(
          orderIn(status, { billing: status === 'awaiting_first_monthly_payment' ? 'monthly' : 'yearly' })
            .state,
        ).totalOrders,
      ).toBe(1);
  });
});

describe('erasing the contact, as the detail panel offers it', () => {
  it('is offered on an order that never became a client’s, as the decider would accept it, and not after', () => {
    const s = orderIn('contract_ready_for_signature');
    expect(contactErasable(s.state, now)).toBe(true);
    expect(toAdminOrderView(s.state, now)).toMatchObject({ contactErasable: true, contactErasedAt: null });
    for (const status of ['contract_signed', 'delivered', 'cancelled'] as const)
      expect([status, contactErasable(orderIn(status).state, now)]).toEqual([status, false]);

    s.run({ type: 'EraseOrderContact', actor: actors.admin, reason: 'Demande', plaintextEvents: 0 });
    const view = toAdminOrderView(s.state, now);
    expect(view).toMatchObject({ contactErasable: false, contactErasedAt: minutesLater(3) });
    expect(view.displayName).toBe('données effacées');
    // Nothing else can be done to it but cancelling it, which takes it out of the orders awaiting payment.
    expect(allowedAdminActions(s.state).map((a) => a.action)).toEqual(['cancel']);
    expect(statisticsContribution(s.state).awaitingPayment).toBe(0);
  });

  it('waits, on the panel too, for a payment link to expire', () => {
    const s = awaitingPaymentWithLink(minutesLater(60));
    expect(contactErasable(s.state, minutesLater(59))).toBe(false);
    expect(contactErasable(s.state, minutesLater(61))).toBe(true);
  });
});
