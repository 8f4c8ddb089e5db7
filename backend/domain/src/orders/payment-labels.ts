import { type PaymentPurpose } from '@coseso/event-schemas/order/order-values';

/** What each payment is for, in French (checkout pages, receipts, the timeline). */
export const paymentPurposeLabels: Record<PaymentPurpose, string> = {
  deposit: 'acompte de 50 %',
  setup_fee: 'frais de mise en service',
  balance: 'solde de 50 %',
  first_month: "premier mois d'abonnement",
  account_manager: 'chargé de compte dédié (1 an)',
  card_update: 'mise à jour de la carte',
};

/** The line the payer reads on the checkout page and the receipt. */
export function paymentDescription(purpose: PaymentPurpose, orderNumber: number): string {
  const label = paymentPurposeLabels[purpose];
  return `${label.charAt(0).toUpperCase()}${label.slice(1)}, commande n° ${orderNumber}`;
}
