import { type BillingPeriod } from '@coseso/domain/pricing/pricing-grid';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

const paymentPaths: Record<BillingPeriod, string> = {
  yearly: 'payment-annual',
  monthly: 'payment-monthly',
};

interface CreatePaymentResponse {
  paymentUrl?: string | null;
  checkoutUrl?: string | null;
}

/** Creates the order's first payment at the provider and returns the page to send the visitor to. */
export async function createPayment(orderId: string, billingPeriod: BillingPeriod): Promise<string> {
  const response = await api.post<CreatePaymentResponse | undefined>(
    `/api/orders/${encodeURIComponent(orderId)}/${paymentPaths[billingPeriod]}`,
  );
  const url = response?.paymentUrl ?? response?.checkoutUrl;
  // Spec §7: a payment-creation answer without a URL counts as a failure.
  if (!url) throw new Error('Aucun lien de paiement dans la réponse');
  return url;
}

export function useCreatePayment(orderId: string) {
  return useMutation({
    mutationFn: (billingPeriod: BillingPeriod) => createPayment(orderId, billingPeriod),
  });
}
