import { type OrderStatus } from '@coseso/domain/orders/order-status';
import { statusCorrections } from '@coseso/domain/orders/order-rules';

/**
 * The back-office's actions on an order (spec §4.3–4.5). The server says which ones the order's
 * status allows (`allowedActions`); this says what each one asks for and which call it makes.
 */
export const adminActionKeys = [
  'sign_contract',
  'open_brief',
  'validate_brief',
  'request_more_elements',
  'start_production',
  'send_review',
  'complete_changes',
  'request_final_payment',
  'record_offline_payment',
  'finalize_delivery',
  'cancel',
  'reactivate',
  'correct',
] as const;
export type AdminActionKey = (typeof adminActionKeys)[number];

export const isAdminActionKey = (value: unknown): value is AdminActionKey =>
  (adminActionKeys as readonly unknown[]).includes(value);

/** What an action's dialog asks for before the call. */
export type ActionInput =
  | { kind: 'none' }
  | { kind: 'confirm' }
  | { kind: 'notes'; required: boolean }
  | { kind: 'url'; note: boolean }
  | { kind: 'reason' };

export interface AdminActionDefinition {
  /** The button's label. */
  label: string;
  /** The dialog's title and what it explains, when the action has one. */
  title: string;
  description: string;
  input: ActionInput;
  /** The confirm button of the dialog. */
  confirmLabel: string;
  pendingLabel: string;
  /** Green toast after success. */
  success: string;
  /** Red toast's text when the server sent no message. */
  failure: string;
  destructive?: boolean;
}

export const adminActions: Record<Exclude<AdminActionKey, 'correct'>, AdminActionDefinition> = {
  sign_contract: {
    label: 'Marquer le contrat signé',
    title: 'Marquer le contrat comme signé',
    description: 'Le premier paiement est reçu : la commande passe à « Contrat OK ».',
    input: { kind: 'confirm' },
    confirmLabel: 'Confirmer',
    pendingLabel: 'Enregistrement...',
    success: 'Statut mis à jour',
    failure: 'Impossible de mettre à jour le statut',
  },
  open_brief: {
    label: 'Ouvrir le brief',
    title: 'Ouvrir le brief',
    description: 'Le client pourra envoyer ses fichiers et soumettre son brief.',
    input: { kind: 'none' },
    confirmLabel: 'Ouvrir le brief',
    pendingLabel: 'Ouverture...',
    success: 'Statut mis à jour',
    failure: 'Impossible de mettre à jour le statut',
  },
  validate_brief: {
    label: 'Valider le brief',
    title: 'Valider le brief',
    description: 'Le brief est complet : la production pourra commencer.',
    input: { kind: 'notes', required: false },
    confirmLabel: 'Valider le brief',
    pendingLabel: 'Validation...',
    success: 'Brief validé',
    failure: 'Impossible de valider le brief',
  },
  request_more_elements: {
    label: "Demander plus d'éléments",
    title: "Demander plus d'éléments",
    description: 'Le client reçoit votre message et la commande revient à « Upload client ».',
    input: { kind: 'notes', required: true },
    confirmLabel: 'Envoyer la demande',
    pendingLabel: 'Envoi...',
    success: 'Demande envoyée',
    failure: "Impossible d'envoyer la demande",
  },
  start_production: {
    label: 'Lancer la production',
    title: 'Lancer la production',
    description: 'La commande passe en production.',
    input: { kind: 'none' },
    confirmLabel: 'Lancer la production',
    pendingLabel: 'Enregistrement...',
    success: 'Statut mis à jour',
    failure: 'Impossible de mettre à jour le statut',
  },
  send_review: {
    label: 'Envoyer le lien de révision',
    title: 'Envoyer le lien de révision',
    description: 'Le client reçoit ce lien par email pour valider la maquette ou demander des modifications.',
    input: { kind: 'url', note: false },
    confirmLabel: 'Envoyer',
    pendingLabel: 'Envoi...',
    success: 'Statut mis à jour',
    failure: 'Impossible de mettre à jour le statut',
  },
  complete_changes: {
    label: 'Modifications terminées',
    title: 'Modifications terminées',
    description: 'Le client reçoit la nouvelle URL de révision et votre note, et valide à nouveau.',
    input: { kind: 'url', note: true },
    confirmLabel: 'Envoyer',
    pendingLabel: 'Envoi...',
    success: 'Modifications terminées',
    failure: 'Impossible de marquer les modifications comme terminées',
  },
  request_final_payment: {
    label: 'Passer au paiement final',
    title: 'Passer au paiement final',
    description:
      'La maquette est validée : le client est invité à payer le solde (annuel) ou le premier mois (mensuel).',
    input: { kind: 'none' },
    confirmLabel: 'Confirmer',
    pendingLabel: 'Enregistrement...',
    success: 'Statut mis à jour',
    failure: 'Impossible de mettre à jour le statut',
  },
  record_offline_payment: {
    label: 'Enregistrer un paiement hors ligne',
    title: 'Enregistrer un paiement hors ligne',
    description:
      'Le client a payé le solde ou le premier mois par virement ou chèque : la commande passe à « Prêt livraison ».',
    input: { kind: 'confirm' },
    confirmLabel: 'Enregistrer le paiement',
    pendingLabel: 'Enregistrement...',
    success: 'Paiement enregistré',
    failure: 'Impossible de mettre à jour le statut',
  },
  finalize_delivery: {
    label: 'Finaliser la livraison',
    title: 'Finaliser la livraison',
    description: "L'URL du site livré est envoyée au client.",
    input: { kind: 'url', note: false },
    confirmLabel: 'Livrer le site',
    pendingLabel: 'Livraison...',
    success: 'Livraison confirmée !',
    failure: 'Impossible de marquer la commande comme livrée',
  },
  cancel: {
    label: 'Annuler la commande',
    title: 'Annuler la commande ?',
    description: 'La commande passe à « Annulé ». Elle pourra être réactivée plus tard.',
    input: { kind: 'confirm' },
    confirmLabel: "Confirmer l'annulation",
    pendingLabel: 'Annulation...',
    success: 'Statut mis à jour',
    failure: 'Impossible de mettre à jour le statut',
    destructive: true,
  },
  reactivate: {
    label: 'Réactiver la commande',
    title: 'Réactiver la commande',
    description: 'La commande revient à « Upload client ».',
    input: { kind: 'none' },
    confirmLabel: 'Réactiver',
    pendingLabel: 'Réactivation...',
    success: 'Statut mis à jour',
    failure: 'Impossible de mettre à jour le statut',
  },
};

export function correctionDefinition(to: OrderStatus, toLabel: string): AdminActionDefinition {
  const skipsPayment = to === 'contract_signed';
  return {
    label: `Corriger : revenir à « ${toLabel} »`,
    title: `Correction : passer à « ${toLabel} »`,
    description: skipsPayment
      ? 'Correction exceptionnelle : la validation du paiement est ignorée. Elle est enregistrée avec votre motif.'
      : 'Correction exceptionnelle hors du parcours normal. Elle est enregistrée avec votre motif.',
    input: { kind: 'reason' },
    confirmLabel: 'Confirmer la correction',
    pendingLabel: 'Correction...',
    success: 'Statut mis à jour',
    failure: 'Impossible de mettre à jour le statut',
    destructive: true,
  };
}

/** The corrections of spec §4.4 open from a status. */
export const correctionsFrom = (status: OrderStatus): OrderStatus[] =>
  statusCorrections.filter((c) => c.from === status).map((c) => c.to);

/** One action to run on an order: a correction names where it goes. */
export type AdminActionRequest =
  { key: Exclude<AdminActionKey, 'correct'> } | { key: 'correct'; to: OrderStatus };

/** What the order a panel or a card shows needs for the actions. */
export interface ActionableOrder {
  status: OrderStatus;
  billingPeriod?: string | null;
  allowedActions: readonly AdminActionKey[];
}

/** The status an action leads to, for the board's columns. */
export function targetStatus(request: AdminActionRequest, order: ActionableOrder): OrderStatus | null {
  switch (request.key) {
    case 'sign_contract':
      return 'contract_signed';
    case 'open_brief':
    case 'request_more_elements':
    case 'reactivate':
      return 'brief_pending';
    case 'validate_brief':
      return null;
    case 'start_production':
      return 'in_progress';
    case 'send_review':
    case 'complete_changes':
      return 'en_revision';
    case 'request_final_payment':
      return order.billingPeriod === 'monthly'
        ? 'awaiting_first_monthly_payment'
        : 'awaiting_balance_payment';
    case 'record_offline_payment':
      return 'ready_for_delivery';
    case 'finalize_delivery':
      return 'delivered';
    case 'cancel':
      return 'cancelled';
    case 'correct':
      return request.to;
    default: {
      const exhaustive: never = request;
      return exhaustive;
    }
  }
}

/** Every action the order allows, corrections spelled out one by one. */
export function allowedRequests(order: ActionableOrder): AdminActionRequest[] {
  return order.allowedActions.flatMap((key): AdminActionRequest[] =>
    key === 'correct' ? correctionsFrom(order.status).map((to) => ({ key, to })) : [{ key }],
  );
}

/**
 * The action a drop on a status column runs: the normal one first, a correction only when nothing
 * else leads there. Null when the order cannot go to that column.
 */
export function requestForMove(order: ActionableOrder, to: OrderStatus): AdminActionRequest | null {
  if (to === order.status) return null;
  const leading = allowedRequests(order).filter((request) => targetStatus(request, order) === to);
  return leading.find((request) => request.key !== 'correct') ?? leading[0] ?? null;
}
