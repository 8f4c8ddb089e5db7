import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { showErrorToast } from '@/ui/toaster';
import { type ApiAnswer } from '@/lib/api-answer';

type PaymentLink = ApiAnswer<'/api/orders/{orderId}/regenerate-final-payment', 'post'>;

/**
 * The balance (yearly) or first month (monthly) link, the open one again when there is one: from
 * the client area's project tab and from a failed payment's page alike.
 */
export function finalPaymentLink({
  orderId,
  monthly,
}: {
  orderId: string;
  monthly: boolean;
}): Promise<PaymentLink> {
  const id = encodeURIComponent(orderId);
  return api.post<PaymentLink>(
    monthly ? `/api/orders/${id}/payment-first-month` : `/api/orders/${id}/regenerate-final-payment`,
  );
}

/** Asks for the link, then goes to the provider's page; a failure says so (spec §8). */
export function useFinalPayment() {
  return useMutation({
    mutationFn: finalPaymentLink,
    onSuccess: ({ paymentUrl }) => window.location.assign(paymentUrl),
    onError: () =>
      showErrorToast('Erreur de paiement', 'Impossible de générer le lien de paiement. Veuillez réessayer.'),
  });
}
