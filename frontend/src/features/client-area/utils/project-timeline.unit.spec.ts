import { projectSteps, type TimelineEvent } from './project-timeline.js';

const yearly = { billingCycle: 'yearly' as const, price: null };
const monthly = { billingCycle: 'monthly' as const, price: null };
const at = (type: string, day: number): TimelineEvent => ({
  type,
  occurredAt: `2026-03-${String(day).padStart(2, '0')}T10:00:00.000Z`,
});

describe('the project timeline', () => {
  it('dates each step from the events that reached it, and points at the next one', () => {
    const steps = projectSteps(yearly, [
      at('OrderDraftCreated', 1),
      at('DepositPaid', 2),
      at('ContractSigned', 3),
      at('BriefSubmitted', 4),
    ]);
    expect(steps.map((s) => [s.key, s.state, s.date?.slice(0, 10) ?? null])).toEqual([
      ['payment', 'done', '2026-03-02'],
      ['brief', 'done', '2026-03-04'],
      ['development', 'current', null],
      ['revisions', 'upcoming', null],
      ['final-payment', 'upcoming', null],
      ['delivery', 'upcoming', null],
      ['support', 'upcoming', null],
    ]);
    expect(steps[4]!.title).toBe('Paiement du solde');
  });

  it('takes the latest round of revisions, and reopens the brief when more elements are asked for', () => {
    const steps = projectSteps(yearly, [
      at('DepositPaid', 2),
      at('BriefSubmitted', 4),
      at('MoreElementsRequested', 5),
    ]);
    expect(steps[1]).toMatchObject({ key: 'brief', state: 'current', date: null });

    const later = projectSteps(yearly, [
      at('DepositPaid', 2),
      at('BriefSubmitted', 4),
      at('MoreElementsRequested', 5),
      at('BriefSubmitted', 6),
      at('ProductionStarted', 7),
      at('ReviewRequested', 8),
      at('ChangesRequested', 9),
      at('ChangesCompleted', 10),
      at('ReviewApproved', 11),
    ]);
    expect(later.map((s) => s.date?.slice(8, 10) ?? null)).toEqual([
      '02',
      '06',
      '07',
      '11',
      null,
      null,
      null,
    ]);
    expect(later[4]).toMatchObject({ key: 'final-payment', state: 'current' });
  });

  it('names the monthly steps, and ends with support once delivered', () => {
    const steps = projectSteps(monthly, [
      at('SetupFeePaid', 2),
      at('BriefSubmitted', 3),
      at('ProductionStarted', 4),
      at('ReviewRequested', 5),
      at('ReviewApproved', 6),
      at('FirstMonthlyPaymentPaid', 7),
      at('SubscriptionStarted', 7),
      at('Delivered', 8),
    ]);
    expect(steps.map((s) => s.state)).toEqual(Array(7).fill('done'));
    expect(steps[0]!.title).toBe('Frais de mise en service');
    expect(steps[4]!.title).toBe('Premier mois et abonnement');
    expect(steps[6]!.date).toBe(steps[5]!.date);
  });

  it('starts at the payment of an order with no event yet', () => {
    expect(projectSteps(yearly, []).map((s) => s.state)).toEqual([
      'current',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
  });
});
