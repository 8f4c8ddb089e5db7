import { type OrderStatus, orderStatuses } from '@coseso/event-schemas/order/order-values';

export { type OrderStatus, orderStatuses };

/** The statuses of an order under way: placed, not yet delivered or cancelled. */
export const underWayStatuses: readonly OrderStatus[] = orderStatuses.filter(
  (status) => status !== 'pending' && status !== 'cancelled' && status !== 'delivered',
);

/** The back-office's label of each status (spec §4.1; the two the spec leaves blank are ours). */
export const adminStatusLabels: Record<OrderStatus, string> = {
  pending: 'En cours',
  contract_ready_for_signature: 'Paiement requis',
  contract_signed: 'Contrat OK',
  brief_pending: 'Upload client',
  brief: 'Brief',
  in_progress: 'Production',
  en_revision: 'Révision',
  revision_changes_requested: 'Modifs demandées',
  awaiting_balance_payment: 'Solde',
  awaiting_first_monthly_payment: 'Premier mois',
  ready_for_delivery: 'Prêt livraison',
  delivered: 'Livré',
  cancelled: 'Annulé',
};
