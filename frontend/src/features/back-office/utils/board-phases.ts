import { type OrderStatus, orderStatuses } from '@coseso/domain/orders/order-status';

/**
 * The board's columns: one per phase of the flow, each stacking the statuses of that phase, so that
 * the whole flow fits a laptop's screen (13 statuses side by side did not).
 */
export const boardPhases: readonly { readonly title: string; readonly statuses: readonly OrderStatus[] }[] = [
  { title: 'Commande', statuses: ['pending', 'contract_ready_for_signature'] },
  { title: 'Contrat et brief', statuses: ['contract_signed', 'brief_pending', 'brief'] },
  { title: 'Production', statuses: ['in_progress'] },
  { title: 'Révision', statuses: ['en_revision', 'revision_changes_requested'] },
  { title: 'Paiement final', statuses: ['awaiting_balance_payment', 'awaiting_first_monthly_payment'] },
  { title: 'Livraison', statuses: ['ready_for_delivery', 'delivered'] },
  { title: 'Annulées', statuses: ['cancelled'] },
];

/** Every status is in exactly one phase (checked by the unit test). */
export const phasedStatuses = boardPhases.flatMap((phase) => phase.statuses);
export const everyStatusPhased = () =>
  phasedStatuses.length === orderStatuses.length && orderStatuses.every((s) => phasedStatuses.includes(s));

const relative = new Intl.RelativeTimeFormat('fr', { numeric: 'auto' });

/** How long ago the order last moved: « aujourd’hui », « hier », « il y a 5 jours », « il y a 3 mois ». */
export function ageLabel(iso: string, now: Date): string {
  const then = new Date(iso);
  const days = Math.floor((now.getTime() - then.getTime()) / 86_400_000);
  if (days <= 0) return 'aujourd’hui';
  if (days < 60) return relative.format(-days, 'day');
  // Calendar months, not 30-day blocks.
  const months = (now.getFullYear() - then.getFullYear()) * 12 + now.getMonth() - then.getMonth();
  return relative.format(-months, 'month');
}
