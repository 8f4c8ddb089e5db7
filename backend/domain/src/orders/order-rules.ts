import { type Actor } from '@coseso/event-schemas/envelope';
import { type OrderCommandType } from './order-commands.js';
import { type OrderStatus, orderStatuses, underWayStatuses } from './order-status.js';
import { resumableStatuses } from './reactivation.js';

type ActorKind = Actor['kind'];

export interface CommandRule {
  /** French infinitive phrase, for messages: « Impossible de <action> … » */
  readonly action: string;
  readonly who: readonly ActorKind[];
  /** Statuses the command is accepted in. */
  readonly from: readonly OrderStatus[];
  /** Status after the command, when it changes it (documentation and tests; decide is the authority). */
  readonly to?: OrderStatus | readonly OrderStatus[];
}

/** The commands of the transition table (see orderCommandRules for those outside it, and why). */
export type RuledOrderCommandType = Exclude<
  OrderCommandType,
  // Each with its own rules in the decider: the draft's creation; a read by staff recorded (any status,
  // nothing of the order changes); the erasure of a contact who never became a client; facts for the
  // team (an email the queue gave up on, a payment for a checkout the order never opened).
  | 'CreateOrderDraft'
  | 'RecordEvidenceExport'
  | 'EraseOrderContact'
  | 'RecordEmailFailure'
  | 'RecordUnopenedCheckoutPayment'
  // The conversation has its own rules (decider/conversation.decider.ts): any status, once the order is a client's.
  | 'PostMessage'
  | 'MarkMessagesRead'
  // Decided as the ruled command they mean (decider/back-office.decider.ts).
  | 'RunAdminAction'
  | 'ChangeOrderStatus'
>;

const everyStatus = orderStatuses;
const team: readonly ActorKind[] = ['admin'];
const payer: readonly ActorKind[] = ['provider', 'admin', 'system'];
const wizardUsers: readonly ActorKind[] = ['visitor', 'client', 'admin'];

/**
 * The transition table (docs/architecture.md §4) as data: every command, who may send it and from which statuses. decide() enforces
 * it; the back-office reads it to offer only the actions that can succeed. Outside it: the commands
 * RuledOrderCommandType leaves out, each listed there with why (so that the list cannot go stale here).
 */
export const orderCommandRules: Record<RuledOrderCommandType, CommandRule> = {
  SaveWizardProgress: {
    action: 'modifier le formulaire',
    who: wizardUsers,
    from: ['pending', 'contract_ready_for_signature'],
    to: 'pending',
  },
  CompleteOrderForm: {
    action: 'finaliser la commande',
    who: wizardUsers,
    from: ['pending', 'contract_ready_for_signature'],
    to: 'contract_ready_for_signature',
  },
  RecordFirstPayment: {
    action: 'enregistrer le premier paiement',
    who: payer,
    // Later statuses only for a payment the team records by hand, after a contract forced unpaid (the decider).
    from: underWayStatuses,
  },
  SignContract: {
    action: 'signer le contrat',
    who: ['client', 'admin'],
    from: ['contract_ready_for_signature'],
    to: 'contract_signed',
  },
  OpenBrief: { action: 'ouvrir le brief', who: team, from: ['contract_signed'], to: 'brief_pending' },
  UploadBriefFile: {
    action: 'ajouter un fichier',
    who: ['client', 'admin'],
    from: ['contract_signed', 'brief_pending', 'brief'],
  },
  DeleteBriefFile: {
    action: 'supprimer un fichier',
    who: ['client', 'admin'],
    from: ['contract_signed', 'brief_pending', 'brief'],
  },
  SubmitBrief: {
    action: 'soumettre le brief',
    who: ['client', 'admin'],
    from: ['brief_pending'],
    to: 'brief',
  },
  ValidateBrief: { action: 'valider le brief', who: team, from: ['brief'] },
  RequestMoreElements: {
    action: "demander plus d'éléments",
    who: team,
    from: ['brief'],
    to: 'brief_pending',
  },
  StartProduction: { action: 'lancer la production', who: team, from: ['brief'], to: 'in_progress' },
  SendReviewLink: {
    action: 'envoyer le lien de révision',
    who: team,
    from: ['in_progress'],
    to: 'en_revision',
  },
  RequestChanges: {
    action: 'demander des modifications',
    who: ['client'],
    from: ['en_revision'],
    to: 'revision_changes_requested',
  },
  CompleteChanges: {
    action: 'terminer les modifications',
    who: team,
    from: ['revision_changes_requested'],
    to: 'en_revision',
  },
  ApproveReview: { action: 'valider la maquette', who: ['client'], from: ['en_revision'] },
  RequestFinalPayment: {
    action: 'demander le paiement final',
    who: team,
    from: ['en_revision'],
    // Ready for delivery: the final payment is held already (its refund failed after a reactivation).
    to: ['awaiting_balance_payment', 'awaiting_first_monthly_payment', 'ready_for_delivery'],
  },
  ResendPaymentLink: {
    action: 'renvoyer le lien de paiement',
    who: team,
    from: ['awaiting_balance_payment', 'awaiting_first_monthly_payment'],
  },
  RecordFinalPayment: {
    action: 'enregistrer le paiement final',
    who: payer,
    from: ['awaiting_balance_payment', 'awaiting_first_monthly_payment'],
    to: 'ready_for_delivery',
  },
  FinalizeDelivery: { action: 'livrer le site', who: team, from: ['ready_for_delivery'], to: 'delivered' },
  CancelOrder: {
    action: 'annuler la commande',
    who: team,
    from: underWayStatuses,
    to: 'cancelled',
  },
  // Back to the status it was cancelled in, or the nearest the workflow allows (orders/reactivation.ts).
  ReactivateOrder: { action: 'réactiver la commande', who: team, from: ['cancelled'], to: resumableStatuses },
  CorrectContactEmail: { action: "corriger l'email du contact", who: team, from: everyStatus },
  CorrectStatus: {
    action: 'corriger le statut',
    who: team,
    from: [
      'contract_ready_for_signature',
      'in_progress',
      'en_revision',
      'awaiting_balance_payment',
      'awaiting_first_monthly_payment',
    ],
  },
  RecordSubscriptionRenewal: {
    action: "enregistrer le renouvellement de l'abonnement",
    who: payer,
    from: everyStatus,
  },
  RecordSubscriptionPaymentFailure: {
    action: "enregistrer l'échec de paiement de l'abonnement",
    who: payer,
    from: everyStatus,
  },
  CancelSubscription: {
    action: "annuler l'abonnement",
    who: ['client', 'admin', 'provider', 'system'],
    from: everyStatus,
  },
  // Only a reactivated order (not cancelled), whose subscription ended with its cancellation.
  RestartSubscription: {
    action: "reprendre l'abonnement",
    who: ['system'],
    from: underWayStatuses,
  },
  StartCheckout: {
    action: 'créer un lien de paiement',
    who: ['visitor', 'client', 'admin'],
    from: everyStatus.filter((s) => s !== 'cancelled'),
  },
  RecordCheckoutClosed: {
    action: "enregistrer l'échec d'un paiement",
    who: payer,
    from: everyStatus,
  },
  RecordPaymentRefund: {
    action: "enregistrer le remboursement d'un paiement",
    who: payer,
    from: everyStatus,
  },
  RecordPaymentRefusal: {
    action: 'refuser un paiement',
    who: ['provider'],
    from: everyStatus,
  },
  RecordProviderRefund: {
    action: "enregistrer le remboursement d'un paiement par le prestataire",
    who: payer,
    from: everyStatus,
  },
  RequestRefund: {
    action: 'rembourser un paiement',
    who: team,
    from: everyStatus,
  },
  RecordRefundFailure: {
    action: "signaler l'échec d'un remboursement",
    who: ['system'],
    from: everyStatus,
  },
  IssueContract: {
    action: 'générer le contrat',
    who: ['system', 'client', 'admin'],
    // A first payment recorded after a forced contract still gives the client the document it stands for.
    from: everyStatus.filter((s) => s !== 'pending' && s !== 'cancelled'),
  },
  LinkOrderToClient: {
    action: 'rattacher la commande à un compte client',
    who: ['system', 'admin'],
    from: everyStatus,
  },
  RecordAccountManagerPayment: {
    action: 'enregistrer le chargé de compte',
    who: payer,
    from: everyStatus.filter((s) => s !== 'pending' && s !== 'cancelled'),
  },
};

/** The exceptional corrections of spec §4.4 (cancel and reactivate have their own commands). */
export const statusCorrections: readonly { from: OrderStatus; to: OrderStatus }[] = [
  { from: 'contract_ready_for_signature', to: 'contract_signed' },
  { from: 'in_progress', to: 'brief' },
  { from: 'en_revision', to: 'in_progress' },
  { from: 'awaiting_balance_payment', to: 'in_progress' },
  { from: 'awaiting_first_monthly_payment', to: 'in_progress' },
];

export const isCorrection = (from: OrderStatus, to: OrderStatus) =>
  statusCorrections.some((c) => c.from === from && c.to === to);
