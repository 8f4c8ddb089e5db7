import { type OfflinePaymentMeans, offlinePaymentMeans } from '@coseso/event-schemas/order/order-values';
import { DomainError } from '../shared/domain-error.js';
import { ErrorCode } from '../shared/error-codes.js';
import { type AdminActionInput, type AdminActionKey } from './admin-action-keys.js';
import { type OrderCommand, type OrderCommandInput } from './order-commands.js';
import { finalPaymentDue } from './decider/payment.decider.js';
import { type OrderState } from './order-state.js';
import { type OrderStatus, adminStatusLabels } from './order-status.js';
import { orderCommandRules, statusCorrections } from './order-rules.js';
import { reactivationPlan } from './reactivation.js';

export { type AdminActionInput, type AdminActionKey, adminActionKeys } from './admin-action-keys.js';

/** An action the order's current status allows, as the back-office offers it (list, detail, board). */
export interface AllowedAction {
  readonly action: AdminActionKey;
  /** The status the order goes to; null when it stays (brief validation). */
  readonly to: OrderStatus | null;
  /** An exceptional correction (spec §4.4): needs a reason, recorded as StatusCorrected. */
  readonly correction: boolean;
  readonly label: string;
}

/** An action of the back-office: its order command, where it leads, its label, and its command built from the order. */
export interface Definition {
  readonly action: AdminActionKey;
  readonly command: OrderCommand['type'];
  /** Where it leads from this state (null: the status stays). */
  readonly to: (state: OrderState) => OrderStatus | null;
  readonly label: (state: OrderState, to: OrderStatus | null) => string;
  readonly build: (state: OrderState, input: AdminActionInput, now: string) => OrderCommandInput;
  readonly correction?: OrderStatus;
}

const text = (value: string | null | undefined) => value ?? '';
const offlinePayment = (input: AdminActionInput) => ({
  provider: 'offline' as const,
  paymentId: text(input.paymentReference).trim(),
  receivedOn: text(input.paymentDate).trim(),
  ...(offlinePaymentMeans.includes(input.paymentMeans as OfflinePaymentMeans)
    ? { means: input.paymentMeans as OfflinePaymentMeans }
    : {}),
});
const monthly = (state: OrderState) => (state.price?.billingPeriod ?? state.form.billingPeriod) === 'monthly';

const normalActions: readonly Definition[] = [
  {
    action: 'sign_contract',
    command: 'SignContract',
    to: () => 'contract_signed',
    label: () => 'Marquer le contrat comme signé',
    build: (state) => ({
      type: 'SignContract',
      // Recorded by an admin (the event's actor) for the contact who signed, once the first payment is in.
      signerName:
        `${text(state.form.contactFirstName)} ${text(state.form.contactLastName)}`.trim() ||
        text(state.form.companyName) ||
        `Commande #${state.orderNumber}`,
      documentSha256: state.contract.issuedSha256 ?? '',
      ip: null,
    }),
  },
  {
    action: 'open_brief',
    command: 'OpenBrief',
    to: () => 'brief_pending',
    label: () => 'Ouvrir le brief',
    build: () => ({ type: 'OpenBrief' }),
  },
  {
    action: 'validate_brief',
    command: 'ValidateBrief',
    to: () => null,
    label: () => 'Valider le brief',
    build: (_, input) => ({ type: 'ValidateBrief', notes: text(input.notes) }),
  },
  {
    action: 'request_more_elements',
    command: 'RequestMoreElements',
    to: () => 'brief_pending',
    label: () => "Demander plus d'éléments",
    build: (_, input) => ({
      type: 'RequestMoreElements',
      message: text(input.notes ?? input.adminNote ?? input.reason),
    }),
  },
  {
    action: 'start_production',
    command: 'StartProduction',
    to: () => 'in_progress',
    label: () => 'Lancer la production',
    build: () => ({ type: 'StartProduction' }),
  },
  {
    action: 'send_review_link',
    command: 'SendReviewLink',
    to: () => 'en_revision',
    label: () => 'Envoyer le lien de révision',
    build: (_, input) => ({ type: 'SendReviewLink', reviewUrl: text(input.reviewUrl) }),
  },
  {
    action: 'complete_changes',
    command: 'CompleteChanges',
    to: () => 'en_revision',
    label: () => 'Modifications terminées',
    build: (_, input) => ({
      type: 'CompleteChanges',
      reviewUrl: text(input.reviewUrl),
      note: input.adminNote ?? null,
    }),
  },
  {
    action: 'request_final_payment',
    command: 'RequestFinalPayment',
    to: (state) => (monthly(state) ? 'awaiting_first_monthly_payment' : 'awaiting_balance_payment'),
    label: (state) => (monthly(state) ? 'Demander le premier mois' : 'Demander le solde'),
    build: () => ({ type: 'RequestFinalPayment' }),
  },
  {
    action: 'record_offline_first_payment',
    command: 'RecordFirstPayment',
    to: () => null,
    label: (state) =>
      monthly(state)
        ? 'Enregistrer les frais de mise en service (hors ligne)'
        : "Enregistrer l'acompte (hors ligne)",
    build: (state, input) => ({
      type: 'RecordFirstPayment',
      payment: offlinePayment(input),
      amount: state.price?.depositWithVat ?? 0,
    }),
  },
  {
    action: 'record_offline_payment',
    command: 'RecordFinalPayment',
    to: () => 'ready_for_delivery',
    label: (state) =>
      monthly(state)
        ? 'Enregistrer le paiement du premier mois (hors ligne)'
        : 'Enregistrer le paiement du solde (hors ligne)',
    build: (state, input) => {
      const due = state.finalPaymentDue ?? (state.price ? finalPaymentDue(state) : { amount: 0 });
      // No subscription: a month paid by hand starts nothing that renews (the decider records none).
      return { type: 'RecordFinalPayment', payment: offlinePayment(input), amount: due.amount };
    },
  },
  {
    action: 'finalize_delivery',
    command: 'FinalizeDelivery',
    to: () => 'delivered',
    label: () => 'Finaliser la livraison',
    build: (_, input) => ({ type: 'FinalizeDelivery', siteUrl: text(input.deliveryUrl) }),
  },
  {
    action: 'cancel',
    command: 'CancelOrder',
    to: () => 'cancelled',
    label: () => 'Annuler la commande',
    build: (_, input) => ({
      type: 'CancelOrder',
      reason: input.reason ?? null,
      refund: input.refund ?? null,
    }),
  },
  {
    action: 'reactivate',
    command: 'ReactivateOrder',
    to: (state) => reactivationPlan(state).status,
    label: (state) =>
      `Réactiver la commande (reprise en « ${adminStatusLabels[reactivationPlan(state).status]} »)`,
    build: (_, input) => ({ type: 'ReactivateOrder', reason: input.reason ?? null }),
  },
];

const corrections: readonly Definition[] = [...new Set(statusCorrections.map((c) => c.to))].map(
  (to): Definition => ({
    action: 'correct_status',
    command: 'CorrectStatus',
    correction: to,
    to: () => to,
    label: () =>
      to === 'contract_signed'
        ? 'Correction : forcer « Contrat OK » sans vérifier le paiement'
        : `Correction : revenir à « ${adminStatusLabels[to]} »`,
    build: (_, input) => ({ type: 'CorrectStatus', to, reason: text(input.reason) }),
  }),
);

export const definitions: readonly Definition[] = [...normalActions, ...corrections];
/** The command behind one named action (validate-brief, request-more-elements, finalize-delivery…). */
export function adminActionCommand(
  action: Exclude<AdminActionKey, 'correct_status'>,
  state: OrderState,
  input: AdminActionInput,
  now: string,
): OrderCommandInput {
  // One route records an offline payment: the first one until it is in, then the final one.
  const chosen =
    action === 'record_offline_payment' && !state.depositPaid ? 'record_offline_first_payment' : action;
  return definitions.find((d) => d.action === chosen)!.build(state, input, now);
}

/**
 * `PATCH /api/admin/orders/:id/status`: the command that takes the order from its status to
 * `status`. Where a normal action and a correction lead to the same status (contract_ready_for_signature
 * → contract_signed), a reason makes it the correction. A status no action of the current one leads to
 * gets the decider's own refusal, which names the current status.
 */
export function statusChangeCommand(
  state: OrderState,
  status: OrderStatus,
  input: AdminActionInput,
  now: string,
): OrderCommandInput {
  const leadsThere = (d: Definition) => d.to(state) === status;
  const fromHere = definitions.filter(
    (d) =>
      leadsThere(d) &&
      orderCommandRules[d.command as keyof typeof orderCommandRules]?.from.includes(state.status) &&
      (d.correction === undefined ||
        statusCorrections.some((c) => c.from === state.status && c.to === status)),
  );
  const wantsCorrection = text(input.reason).trim() !== '';
  const chosen =
    fromHere.find((d) => (d.correction !== undefined) === wantsCorrection) ??
    fromHere[0] ??
    definitions.find((d) => leadsThere(d) && d.action !== 'validate_brief');
  if (!chosen) {
    throw new DomainError(
      ErrorCode.ORDER_TRANSITION_FORBIDDEN,
      `Impossible de passer la commande au statut « ${adminStatusLabels[status]} » : la commande est au statut « ${adminStatusLabels[state.status]} ».`,
      'conflict',
    );
  }
  return chosen.build(state, input, now);
}
