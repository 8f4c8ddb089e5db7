import {
  type ClientStepKey,
  type JourneyEvent,
  clientProjectSteps,
  clientStatusLabel,
  currentClientStep,
  domainInPrice,
  moreElementsAwaited,
  projectNeedsAction,
} from './client-journey.js';
import { type OrderStatus, adminStatusLabels, orderStatuses } from './order-status.js';

const at = (type: string, day: number): JourneyEvent => ({
  type,
  occurredAt: `2026-03-${String(day).padStart(2, '0')}T10:00:00.000Z`,
});

type Rhythm = 'yearly' | 'monthly';
const facts = (
  status: OrderStatus,
  billingCycle: Rhythm,
  more: Partial<{ depositPaid: boolean; reviewStatus: 'pending' | 'approved' | 'changes_requested' }> = {},
) => ({
  status,
  billingCycle,
  price: null,
  depositPaid: !['pending', 'contract_ready_for_signature'].includes(status),
  reviewStatus: 'pending' as const,
  contractIssued: true,
  ...more,
});

/** The events an order has when it reaches each status, in the order the workflow writes them. */
const historyUpTo = (status: OrderStatus, billingCycle: Rhythm): JourneyEvent[] => {
  const firstPayment = billingCycle === 'monthly' ? 'SetupFeePaid' : 'DepositPaid';
  const finalPayment = billingCycle === 'monthly' ? 'FirstMonthlyPaymentPaid' : 'BalancePaid';
  const all: [OrderStatus, string][] = [
    ['pending', 'OrderDraftCreated'],
    ['contract_ready_for_signature', 'OrderFormCompleted'],
    ['contract_signed', firstPayment],
    ['contract_signed', 'ContractSigned'],
    ['brief_pending', 'BriefOpened'],
    ['brief', 'BriefSubmitted'],
    ['in_progress', 'ProductionStarted'],
    ['en_revision', 'ReviewRequested'],
    ['revision_changes_requested', 'ChangesRequested'],
    ['awaiting_balance_payment', 'ReviewApproved'],
    ['ready_for_delivery', finalPayment],
    ['delivered', 'Delivered'],
  ];
  const order = all.map(([reached]) => reached);
  const last =
    status === 'awaiting_first_monthly_payment'
      ? order.indexOf('awaiting_balance_payment')
      : order.lastIndexOf(status);
  return all.slice(0, last + 1).map(([, type], index) => at(type, index + 1));
};

const currentOf = (status: OrderStatus, rhythm: Rhythm) =>
  clientProjectSteps(facts(status, rhythm), historyUpTo(status, rhythm)).find((s) => s.state === 'current')
    ?.key ?? null;

describe("the client's journey: one current step per status, from the status itself", () => {
  const expected: Record<OrderStatus, ClientStepKey | null> = {
    pending: 'payment',
    contract_ready_for_signature: 'payment',
    contract_signed: 'brief',
    brief_pending: 'brief',
    brief: 'brief',
    in_progress: 'development',
    en_revision: 'revisions',
    revision_changes_requested: 'revisions',
    awaiting_balance_payment: 'final-payment',
    awaiting_first_monthly_payment: 'final-payment',
    ready_for_delivery: 'delivery',
    delivered: 'support',
    cancelled: null,
  };

  it.each(
    orderStatuses.flatMap((status) =>
      (['yearly', 'monthly'] as const).map((rhythm) => [status, rhythm] as const),
    ),
  )('%s (%s)', (status, rhythm) => {
    expect(currentOf(status, rhythm)).toBe(expected[status]);
  });

  it('in production, development is in progress and the reviews are still to come', () => {
    const steps = clientProjectSteps(facts('in_progress', 'yearly'), historyUpTo('in_progress', 'yearly'));
    expect(steps.map((s) => [s.key, s.state, s.date?.slice(8, 10) ?? null])).toEqual([
      ['payment', 'done', '03'],
      ['brief', 'done', '06'],
      ['development', 'current', null],
      ['revisions', 'upcoming', null],
      ['final-payment', 'upcoming', null],
      ['delivery', 'upcoming', null],
      ['support', 'upcoming', null],
    ]);
  });

  it('while a preview waits for review, the balance is still to come', () => {
    const steps = clientProjectSteps(facts('en_revision', 'yearly'), historyUpTo('en_revision', 'yearly'));
    expect(steps.find((s) => s.key === 'revisions')!.state).toBe('current');
    expect(steps.find((s) => s.key === 'final-payment')!.state).toBe('upcoming');
  });

  it('once the preview is approved, the final payment is next', () => {
    expect(currentClientStep(facts('en_revision', 'monthly', { reviewStatus: 'approved' }))).toBe(
      'final-payment',
    );
  });

  it('the first payment made, the order is at the brief (the contract to sign first)', () => {
    expect(currentClientStep(facts('contract_ready_for_signature', 'yearly', { depositPaid: true }))).toBe(
      'brief',
    );
  });

  it('a cancelled order is at no step: what it completed stays done, the rest is stopped, never « à venir »', () => {
    const events = [...historyUpTo('in_progress', 'yearly'), at('OrderCancelled', 20)];
    const steps = clientProjectSteps(facts('cancelled', 'yearly'), events);
    expect(steps.map((s) => s.state)).toEqual([
      'done',
      'done',
      'stopped',
      'stopped',
      'stopped',
      'stopped',
      'stopped',
    ]);
  });

  it('a reactivated order is back at its brief, whatever it had reached before', () => {
    const events = [
      ...historyUpTo('en_revision', 'monthly'),
      at('OrderCancelled', 20),
      at('OrderReactivated', 21),
    ];
    const steps = clientProjectSteps(facts('brief_pending', 'monthly'), events);
    expect(steps.map((s) => [s.key, s.state, s.date === null])).toEqual([
      ['payment', 'done', false],
      ['brief', 'current', true],
      ['development', 'upcoming', true],
      ['revisions', 'upcoming', true],
      ['final-payment', 'upcoming', true],
      ['delivery', 'upcoming', true],
      ['support', 'upcoming', true],
    ]);
  });

  it('a correction back to production moves the current step back too', () => {
    const events = historyUpTo('en_revision', 'yearly');
    expect(
      clientProjectSteps(facts('in_progress', 'yearly'), events).find((s) => s.state === 'current')!.key,
    ).toBe('development');
  });

  it('delivered: the delivery is done and the support runs from that day', () => {
    const steps = clientProjectSteps(facts('delivered', 'monthly'), historyUpTo('delivered', 'monthly'));
    expect(steps.slice(4).map((s) => [s.key, s.state, s.date?.slice(8, 10) ?? null])).toEqual([
      ['final-payment', 'done', '11'],
      ['delivery', 'done', '12'],
      ['support', 'current', '12'],
    ]);
    expect(steps[4]!.title).toBe('Premier mois et abonnement');
    expect(steps[6]!.description).toBe(
      'Hébergement, maintenance et support inclus tant que dure votre abonnement.',
    );
  });
});

describe("the client's status badge", () => {
  it.each(orderStatuses.map((status) => [status]))(
    '%s speaks the client’s words, never a back-office label',
    (status) => {
      const label = clientStatusLabel(facts(status, 'yearly'));
      expect(label).not.toBe('');
      if (status !== 'contract_ready_for_signature') expect(label).not.toBe(adminStatusLabels[status]);
    },
  );

  it('says what the client has to do at each moment of the contract and the review', () => {
    expect(clientStatusLabel(facts('contract_ready_for_signature', 'yearly'))).toBe('Paiement requis');
    expect(
      clientStatusLabel({
        ...facts('contract_ready_for_signature', 'yearly', { depositPaid: true }),
        contractIssued: false,
      }),
    ).toBe('Contrat en préparation');
    expect(clientStatusLabel(facts('contract_ready_for_signature', 'yearly', { depositPaid: true }))).toBe(
      'Contrat à signer',
    );
    expect(clientStatusLabel(facts('en_revision', 'yearly'))).toBe('Maquette à relire');
    expect(clientStatusLabel(facts('en_revision', 'yearly', { reviewStatus: 'approved' }))).toBe(
      'Maquette validée',
    );
  });
});

describe("the project tab's red dot", () => {
  it('is on while a preview waits for the client, or a final payment is due, and off otherwise', () => {
    const on = orderStatuses.filter((status) => projectNeedsAction(facts(status, 'yearly')));
    expect(on).toEqual(['en_revision', 'awaiting_balance_payment', 'awaiting_first_monthly_payment']);
    expect(projectNeedsAction(facts('en_revision', 'yearly', { reviewStatus: 'approved' }))).toBe(false);
  });
});

describe("the team's request for more elements", () => {
  const request = { moreElementsMessage: 'Il manque vos horaires', briefSubmittedByClient: false };
  it('awaits the client while the brief is open again and not sent back', () => {
    const on = orderStatuses.filter((status) => moreElementsAwaited({ status, ...request }));
    expect(on).toEqual(['brief_pending']);
  });
  it('is answered once the brief is submitted again, and absent when none was sent', () => {
    expect(moreElementsAwaited({ status: 'brief_pending', ...request, briefSubmittedByClient: true })).toBe(
      false,
    );
    expect(
      moreElementsAwaited({
        status: 'brief_pending',
        briefSubmittedByClient: false,
        moreElementsMessage: null,
      }),
    ).toBe(false);
  });
});

describe('a domain chosen in the wizard', () => {
  const line = (key: string) => ({ key, label: key, amountHT: 1_500, period: 'yearly' as const });
  it('is paid with the order when its price has the domain line, and not otherwise', () => {
    const price = (keys: string[]) => ({ price: { options: keys.map(line) } }) as never;
    expect(domainInPrice(price(['domain', 'aiChatbot']))).toBe(true);
    expect(domainInPrice(price(['aiChatbot']))).toBe(false);
    expect(domainInPrice({ price: null })).toBe(false);
  });
});

describe('the support step says what the catalogue sells', () => {
  it('maintenance is included in the hosting for the year paid; 30 days of support for a site hosted by the client', () => {
    const yearly = clientProjectSteps(facts('delivered', 'yearly'), historyUpTo('delivered', 'yearly'));
    expect(yearly.at(-1)!.description).toBe(
      "Hébergement, maintenance et support inclus pendant toute l'année payée.",
    );
    const selfHosted = clientProjectSteps(
      { ...facts('delivered', 'yearly'), hostingOptions: { hostingType: 'autonomous' } },
      historyUpTo('delivered', 'yearly'),
    );
    expect(selfHosted.at(-1)!.description).toBe(
      'Vous hébergez votre site : notre support reste à vos côtés 30 jours après la livraison.',
    );
  });
});
