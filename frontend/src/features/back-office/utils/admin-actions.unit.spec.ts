import {
  type AdminActionKey,
  allowedRequests,
  correctionsFrom,
  requestForMove,
  targetStatus,
} from './admin-actions';
import { actionFormSchema, invalidUrlMessage, urlRequiredMessages } from './admin-action-schemas';
import { briefChecklist, filesOf } from './brief-checklist';
import { paymentBadge } from './payment-badge';

const order = (
  status: Parameters<typeof correctionsFrom>[0],
  allowedActions: AdminActionKey[],
  billingPeriod = 'yearly',
) => ({
  status,
  billingPeriod,
  allowedActions,
});

describe('the back-office actions', () => {
  it('spell out the corrections open from the status', () => {
    expect(correctionsFrom('in_progress')).toEqual(['brief']);
    expect(correctionsFrom('contract_ready_for_signature')).toEqual(['contract_signed']);
    expect(correctionsFrom('brief')).toEqual([]);
    expect(allowedRequests(order('en_revision', ['request_final_payment', 'cancel', 'correct']))).toEqual([
      { key: 'request_final_payment' },
      { key: 'cancel' },
      { key: 'correct', to: 'in_progress' },
    ]);
  });

  it('lead to the status of the plan: balance for yearly orders, first month for monthly ones', () => {
    expect(targetStatus({ key: 'request_final_payment' }, order('en_revision', []))).toBe(
      'awaiting_balance_payment',
    );
    expect(targetStatus({ key: 'request_final_payment' }, order('en_revision', [], 'monthly'))).toBe(
      'awaiting_first_monthly_payment',
    );
    expect(targetStatus({ key: 'validate_brief' }, order('brief', []))).toBeNull();
  });

  it('move a card on the board only where an allowed action leads, the normal one before a correction', () => {
    const brief = order('brief', ['validate_brief', 'request_more_elements', 'start_production', 'cancel']);
    expect(requestForMove(brief, 'in_progress')).toEqual({ key: 'start_production' });
    expect(requestForMove(brief, 'brief_pending')).toEqual({ key: 'request_more_elements' });
    expect(requestForMove(brief, 'cancelled')).toEqual({ key: 'cancel' });
    expect(requestForMove(brief, 'delivered')).toBeNull();
    expect(requestForMove(brief, 'brief')).toBeNull();
    const review = order('en_revision', ['cancel', 'correct']);
    expect(requestForMove(review, 'in_progress')).toEqual({ key: 'correct', to: 'in_progress' });
    expect(requestForMove(order('cancelled', ['reactivate']), 'brief_pending')).toEqual({
      key: 'reactivate',
    });
    expect(requestForMove(order('delivered', []), 'cancelled')).toBeNull();
  });
});

describe('the action dialogs', () => {
  it('prepend https:// to a URL, and refuse what cannot be one', () => {
    const schema = actionFormSchema('url', urlRequiredMessages.send_review);
    expect(schema.parse({ url: ' preview.coseso.fr/martin ' })).toEqual({
      url: 'https://preview.coseso.fr/martin',
    });
    expect(schema.parse({ url: 'http://exemple.fr' })).toEqual({ url: 'http://exemple.fr/' });
    expect(schema.safeParse({ url: '  ' }).error?.issues[0]?.message).toBe(
      'Une URL de révision est requise pour passer en phase de révision',
    );
    expect(schema.safeParse({ url: 'pas une url' }).error?.issues[0]?.message).toBe(invalidUrlMessage);
  });

  it('require the message to the client and the reason of a correction, but not the brief notes', () => {
    expect(actionFormSchema('required-notes').safeParse({ notes: '   ' }).success).toBe(false);
    expect(actionFormSchema('required-notes').parse({ notes: ' Le logo ' })).toEqual({ notes: 'Le logo' });
    expect(actionFormSchema('notes').safeParse({ notes: '' }).success).toBe(true);
    expect(actionFormSchema('reason').safeParse({ reason: ' ' }).error?.issues[0]?.message).toBe(
      'Le motif de la correction est requis',
    );
  });
});

describe('the brief checklist', () => {
  it('asks for the logo and the texts only when the client provides them, the architecture always', () => {
    expect(briefChecklist({ logoOption: 'ai', contentOption: 'professional' }, [])).toEqual([
      { key: 'arborescence', label: 'Arborescence du site', done: false },
    ]);
    expect(
      briefChecklist({ logoOption: 'client', contentOption: 'client' }, [
        { category: 'logo' },
        { category: 'arborescence' },
      ]).map(({ key, done }) => [key, done]),
    ).toEqual([
      ['logo', true],
      ['content', false],
      ['arborescence', true],
    ]);
  });

  it('counts stored JSON that cannot be read as no file', () => {
    expect(filesOf('{not json')).toEqual([]);
    expect(filesOf('{"category":"logo"}')).toEqual([]);
    expect(filesOf('[{"category":"logo"},{"name":"x"},null]')).toEqual([{ category: 'logo' }]);
    expect(filesOf(null)).toEqual([]);
  });
});

describe('the payment badge', () => {
  it('says what was paid', () => {
    expect(paymentBadge({ billingPeriod: 'yearly', depositPaid: false, finalPaid: false }).label).toBe(
      'Aucun paiement',
    );
    expect(paymentBadge({ billingPeriod: 'yearly', depositPaid: true, finalPaid: false }).label).toBe(
      'Acompte payé',
    );
    expect(paymentBadge({ billingPeriod: 'yearly', depositPaid: true, finalPaid: true }).label).toBe(
      'Solde payé',
    );
    expect(paymentBadge({ billingPeriod: 'monthly', depositPaid: true, finalPaid: false }).label).toBe(
      'Frais de mise en service payés',
    );
    expect(paymentBadge({ billingPeriod: 'monthly', depositPaid: true, finalPaid: true }).label).toBe(
      'Premier mois payé',
    );
  });
});
