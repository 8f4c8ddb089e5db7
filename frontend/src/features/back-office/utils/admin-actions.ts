import { type AdminActionKey, type AllowedAction } from '@coseso/domain/orders/admin-actions';
import { type OrderStatus } from '@coseso/domain/orders/order-status';

export type { AdminActionKey, AllowedAction };

/** What an action's dialog asks for before the call. */
export type ActionInput =
  | { kind: 'none' }
  | { kind: 'confirm' }
  | { kind: 'notes'; required: boolean }
  | { kind: 'url'; note: boolean }
  | { kind: 'reason'; label: string }
  /** An offline payment: its reference (the notes field) and the day it was received (the date field). */
  | { kind: 'payment' };

/**
 * How the back-office asks for each action (spec §4.3–4.5, §8). The server says which actions the
 * order allows, where each leads and its label (`allowedActions`); this says what its dialog asks
 * and which toasts follow.
 */
export interface ActionPresentation {
  /** The dialog's explanation. */
  description: string;
  input: ActionInput;
  confirmLabel: string;
  pendingLabel: string;
  /** Green toast after success. */
  success: string;
  /** Red toast's text when the server sent no message. */
  failure: string;
  destructive?: boolean;
}

const statusUpdated = { success: 'Statut mis à jour', failure: 'Impossible de mettre à jour le statut' };

export const actionPresentations: Record<AdminActionKey, ActionPresentation> = {
  sign_contract: {
    description: 'Le premier paiement est reçu : la commande passe à « Contrat OK ».',
    input: { kind: 'confirm' },
    confirmLabel: 'Confirmer',
    pendingLabel: 'Enregistrement...',
    ...statusUpdated,
  },
  open_brief: {
    description: 'Le client pourra envoyer ses fichiers et soumettre son brief.',
    input: { kind: 'none' },
    confirmLabel: 'Ouvrir le brief',
    pendingLabel: 'Ouverture...',
    ...statusUpdated,
  },
  validate_brief: {
    description:
      'Vous validez le brief tel qu’il est, éléments manquants compris : la production pourra commencer.',
    input: { kind: 'notes', required: false },
    confirmLabel: 'Valider le brief',
    pendingLabel: 'Validation...',
    success: 'Brief validé',
    failure: 'Impossible de valider le brief',
  },
  request_more_elements: {
    description: 'Le client reçoit votre message et la commande revient à « Upload client ».',
    input: { kind: 'notes', required: true },
    confirmLabel: 'Envoyer la demande',
    pendingLabel: 'Envoi...',
    success: 'Demande envoyée',
    failure: "Impossible d'envoyer la demande",
  },
  start_production: {
    description: 'La commande passe en production.',
    input: { kind: 'none' },
    confirmLabel: 'Lancer la production',
    pendingLabel: 'Enregistrement...',
    ...statusUpdated,
  },
  send_review_link: {
    description: 'Le client reçoit ce lien par email pour valider la maquette ou demander des modifications.',
    input: { kind: 'url', note: false },
    confirmLabel: 'Envoyer',
    pendingLabel: 'Envoi...',
    ...statusUpdated,
  },
  complete_changes: {
    description: 'Le client reçoit la nouvelle URL de révision et votre note, et valide à nouveau.',
    input: { kind: 'url', note: true },
    confirmLabel: 'Envoyer',
    pendingLabel: 'Envoi...',
    success: 'Modifications terminées',
    failure: 'Impossible de marquer les modifications comme terminées',
  },
  request_final_payment: {
    description:
      'La maquette est validée : le client est invité à payer le solde (annuel) ou le premier mois (mensuel).',
    input: { kind: 'none' },
    confirmLabel: 'Confirmer',
    pendingLabel: 'Enregistrement...',
    ...statusUpdated,
  },
  record_offline_payment: {
    description:
      'Le client a payé hors ligne (virement, chèque) : la commande passe à « Prêt livraison ». Un premier mois payé ainsi ne démarre pas d’abonnement : rien ne le renouvelle.',
    input: { kind: 'payment' },
    confirmLabel: 'Enregistrer le paiement',
    pendingLabel: 'Enregistrement...',
    success: 'Paiement enregistré',
    failure: "Impossible d'enregistrer le paiement",
  },
  record_offline_first_payment: {
    description:
      'Le client a payé hors ligne (virement, chèque) : comme après un paiement par carte, son compte est créé, il reçoit ses emails et son contrat à signer.',
    input: { kind: 'payment' },
    confirmLabel: 'Enregistrer le paiement',
    pendingLabel: 'Enregistrement...',
    success: 'Paiement enregistré',
    failure: "Impossible d'enregistrer le paiement",
  },
  finalize_delivery: {
    description: "L'URL du site livré est envoyée au client.",
    input: { kind: 'url', note: false },
    confirmLabel: 'Livrer le site',
    pendingLabel: 'Livraison...',
    success: 'Livraison confirmée !',
    failure: 'Impossible de marquer la commande comme livrée',
  },
  cancel: {
    // One text for every order, so the subscription is named « en cours »: the team learns it stops before
    // confirming, and that a reactivation starts it again (decision 132).
    description:
      "La commande passe à « Annulé » ; un abonnement mensuel en cours est arrêté aussitôt. Elle pourra être réactivée plus tard, et l'abonnement avec elle : il reprend à la fin du mois déjà réglé, ou au paiement du premier mois s'il a été remboursé.",
    input: { kind: 'reason', label: "Motif de l'annulation" },
    confirmLabel: "Confirmer l'annulation",
    pendingLabel: 'Annulation...',
    ...statusUpdated,
    destructive: true,
  },
  reactivate: {
    description:
      'La commande reprend là où elle a été annulée (le statut est indiqué sur le bouton) ; un paiement remboursé par la garantie est dû à nouveau, réglé par le client depuis son espace ou enregistré hors ligne ; un abonnement mensuel arrêté par l’annulation reprend, prélevé à la fin du mois déjà réglé. Le motif est gardé dans l’historique ; le client est informé par email de la reprise et de ce qui reste à payer.',
    input: { kind: 'reason', label: 'Motif de la réactivation' },
    confirmLabel: 'Réactiver',
    pendingLabel: 'Réactivation...',
    ...statusUpdated,
  },
  correct_status: {
    description:
      'Correction exceptionnelle hors du parcours normal : elle est enregistrée comme telle, avec votre motif.',
    input: { kind: 'reason', label: 'Motif de la correction' },
    confirmLabel: 'Confirmer la correction',
    pendingLabel: 'Correction...',
    ...statusUpdated,
    destructive: true,
  },
};

export const presentationOf = (action: AllowedAction) => actionPresentations[action.action];

/** A key for lists of actions: corrections differ by where they lead. */
export const actionId = (action: AllowedAction) => `${action.action}:${action.to ?? ''}`;

/** What the order a panel or a board card shows needs for the actions. */
export interface ActionableOrder {
  status: OrderStatus;
  allowedActions: readonly AllowedAction[];
}

/**
 * The action a drop on a status column runs: the normal one first, a correction only when nothing
 * else leads there. Null when the order cannot go to that column.
 */
export function actionForMove(order: ActionableOrder, to: OrderStatus): AllowedAction | null {
  if (to === order.status) return null;
  const leading = order.allowedActions.filter((action) => action.to === to);
  return leading.find((action) => !action.correction) ?? leading[0] ?? null;
}
