import { type PaymentPurpose, type RefundPurpose } from '@coseso/event-schemas/order/order-values';

/** What each payment is for, in French (checkout pages, receipts, the timeline). */
export const paymentPurposeLabels: Record<PaymentPurpose, string> = {
  deposit: 'acompte de 50 %',
  setup_fee: 'frais de mise en service',
  balance: 'solde de 50 %',
  first_month: "premier mois d'abonnement",
  account_manager: 'chargé de compte dédié (1 an)',
  card_update: 'mise à jour de la carte',
};

/** What a refunded payment was for, in French: a checkout's purpose, or a renewal of the subscription. */
export const refundPurposeLabels: Record<RefundPurpose, string> = {
  ...paymentPurposeLabels,
  renewal: "renouvellement de l'abonnement",
};

/** The line the payer reads on the checkout page and the receipt. */
export function paymentDescription(purpose: PaymentPurpose, orderNumber: number): string {
  const label = paymentPurposeLabels[purpose];
  return `${label.charAt(0).toUpperCase()}${label.slice(1)}, commande n° ${orderNumber}`;
}

/**
 * The `type` the payment result pages read in their return URL, per purpose of a checkout (a card
 * update has none): the server writes it, the sandbox's checkout page sends the payer back with it.
 */
export const paymentReturnTypes: Record<Exclude<PaymentPurpose, 'card_update'>, string> = {
  deposit: 'deposit',
  setup_fee: 'monthly',
  balance: 'balance',
  first_month: 'first_month',
  account_manager: 'account_manager',
};

/** The balance and the first month come back to the final-payment page, the others to the payment page. */
export const isFinalPaymentPurpose = (purpose: PaymentPurpose) =>
  purpose === 'balance' || purpose === 'first_month';
