import { type OrderStatus } from '@coseso/domain/orders/order-status';
import { type AllowedAction, actionForMove, actionPresentations } from './admin-actions';
import {
  actionFormSchema,
  invalidUrlMessage,
  reasonRequiredMessages,
  urlRequiredMessages,
} from './admin-action-schemas';

const allowed = (
  action: AllowedAction['action'],
  to: OrderStatus | null,
  correction = false,
): AllowedAction => ({
  action,
  to,
  correction,
  label: action,
});

describe('the board', () => {
  it('moves a card only where an allowed action leads, the normal one before a correction', () => {
    const brief = {
      status: 'brief' as const,
      allowedActions: [
        allowed('validate_brief', null),
        allowed('request_more_elements', 'brief_pending'),
        allowed('start_production', 'in_progress'),
        allowed('cancel', 'cancelled'),
      ],
    };
    expect(actionForMove(brief, 'in_progress')?.action).toBe('start_production');
    expect(actionForMove(brief, 'brief_pending')?.action).toBe('request_more_elements');
    expect(actionForMove(brief, 'cancelled')?.action).toBe('cancel');
    expect(actionForMove(brief, 'delivered')).toBeNull();
    expect(actionForMove(brief, 'brief')).toBeNull();

    const unpaid = {
      status: 'contract_ready_for_signature' as const,
      allowedActions: [
        allowed('correct_status', 'contract_signed', true),
        allowed('sign_contract', 'contract_signed'),
      ],
    };
    expect(actionForMove(unpaid, 'contract_signed')?.action).toBe('sign_contract');
    const forced = { ...unpaid, allowedActions: [allowed('correct_status', 'contract_signed', true)] };
    expect(actionForMove(forced, 'contract_signed')?.action).toBe('correct_status');
  });

  it('asks for a reason before a correction or a cancellation, a URL before a review or a delivery, a reference and a day with an offline payment', () => {
    expect(actionPresentations.correct_status.input).toEqual({
      kind: 'reason',
      label: 'Motif de la correction',
    });
    expect(actionPresentations.send_review_link.input).toEqual({ kind: 'url', note: false });
    expect(actionPresentations.complete_changes.input).toEqual({ kind: 'url', note: true });
    expect(actionPresentations.finalize_delivery.input).toEqual({ kind: 'url', note: false });
    expect(actionPresentations.request_more_elements.input).toEqual({ kind: 'notes', required: true });
    expect(actionPresentations.cancel.input).toEqual({ kind: 'reason', label: "Motif de l'annulation" });
    expect(actionPresentations.record_offline_payment.input).toEqual({ kind: 'payment' });
    expect(actionPresentations.record_offline_first_payment.input).toEqual({ kind: 'payment' });
    const payment = actionFormSchema('payment');
    expect(payment.safeParse({ notes: ' ', date: '2026-11-20' }).error?.issues[0]?.message).toBe(
      'La référence du paiement est requise (virement, chèque…)',
    );
    expect(payment.safeParse({ notes: 'VIR-1', date: '' }).error?.issues[0]?.message).toBe(
      'La date de réception du paiement est requise (jj/mm/aaaa)',
    );
  });
});

describe('the action dialogs', () => {
  it('prepend https:// to a URL, and refuse what cannot be one', () => {
    const schema = actionFormSchema('url', urlRequiredMessages.send_review_link);
    expect(schema.parse({ url: ' preview.coseso.fr/martin ' })).toEqual({
      url: 'https://preview.coseso.fr/martin',
    });
    expect(schema.parse({ url: 'http://exemple.fr' })).toEqual({ url: 'http://exemple.fr/' });
    expect(schema.safeParse({ url: '  ' }).error?.issues[0]?.message).toBe(
      'Une URL de révision est requise pour passer en phase de révision',
    );
    expect(schema.safeParse({ url: 'pas une url' }).error?.issues[0]?.message).toBe(invalidUrlMessage);
    expect(
      actionFormSchema('url', urlRequiredMessages.finalize_delivery).safeParse({ url: '' }).error?.issues[0]
        ?.message,
    ).toBe("L'URL du site livré est requise pour finaliser la livraison");
  });

  it('require the message to the client and the reason of a correction, a cancellation or a reactivation, each said, but not the brief notes', () => {
    expect(actionFormSchema('required-notes').safeParse({ notes: '   ' }).success).toBe(false);
    expect(actionFormSchema('required-notes').parse({ notes: ' Le logo ' })).toEqual({ notes: 'Le logo' });
    expect(actionFormSchema('notes').safeParse({ notes: '' }).success).toBe(true);
    const emptyReason = (action: 'correct_status' | 'cancel' | 'reactivate') =>
      actionFormSchema('reason', reasonRequiredMessages[action]).safeParse({ reason: ' ' }).error?.issues[0]
        ?.message;
    expect(emptyReason('correct_status')).toBe('Le motif de la correction est requis');
    expect(emptyReason('cancel')).toBe("Le motif de l'annulation est requis");
    expect(emptyReason('reactivate')).toBe('Le motif de la réactivation est requis');
  });
});

describe('what the cancellation and the reactivation tell the team', () => {
  it('say a monthly subscription the cancellation stops starts again with the reactivation (decision 132)', () => {
    const cancel = actionPresentations.cancel.description;
    expect(cancel).toContain('un abonnement mensuel en cours est arrêté aussitôt');
    expect(cancel).not.toContain("mais pas l'abonnement");
    expect(cancel).toContain("Elle pourra être réactivée plus tard, et l'abonnement avec elle");
    expect(actionPresentations.reactivate.description).toContain(
      'un abonnement mensuel arrêté par l’annulation reprend, prélevé à la fin du mois déjà réglé',
    );
  });
});
