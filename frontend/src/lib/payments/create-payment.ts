import { type BillingPeriod } from '@coseso/domain/pricing/pricing-grid';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';
import { showErrorToast } from '@/ui/toaster';

/** The order's first payment: the yearly plan's deposit or the monthly plan's setup fee. */
export type PaymentRhythm = 'annual' | 'monthly';

export const paymentRhythmOf = (billingPeriod: BillingPeriod): PaymentRhythm =>
  billingPeriod === 'monthly' ? 'monthly' : 'annual';

type PaymentCreated =
  | ApiAnswer<'/api/orders/{orderId}/payment-annual', 'post'>
  | ApiAnswer<'/api/orders/{orderId}/payment-monthly', 'post'>;

const failureToasts: Record<PaymentRhythm, [string, string]> = {
  annual: ['Erreur de paiement annuel', 'Impossible de créer le paiement annuel. Veuillez réessayer.'],
  monthly: ['Erreur de paiement mensuel', 'Impossible de créer le paiement mensuel. Veuillez réessayer.'],
};

/** Creates the order's first payment at the provider and returns the page to send the visitor to. */
export async function createPayment(orderId: string, rhythm: PaymentRhythm): Promise<string> {
  const response = await api.post<PaymentCreated | undefined>(
    `/api/orders/${encodeURIComponent(orderId)}/payment-${rhythm}`,
  );
  const url = response?.paymentUrl;
  // Spec §7: a payment-creation answer without a URL counts as a failure.
  if (!url) throw new Error('Aucun lien de paiement dans la réponse');
  return url;
}

/**
 * Creates the first payment and sends the browser to the provider's page. A failure shows spec §8's
 * toast, unless `notifyFailure` is false (the order-confirmation page only re-enables its button).
 */
export function useCreatePayment(orderId: string, { notifyFailure = true } = {}) {
  return useMutation({
    mutationFn: (rhythm: PaymentRhythm) => createPayment(orderId, rhythm),
    onSuccess: (paymentUrl) => window.location.assign(paymentUrl),
    onError: (error, rhythm) => {
      console.warn('Création du paiement impossible', error);
      if (notifyFailure) showErrorToast(...failureToasts[rhythm]);
    },
  });
}
