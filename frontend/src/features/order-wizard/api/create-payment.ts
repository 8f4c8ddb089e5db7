import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { showErrorToast } from '@/ui/toaster';

export type PaymentRhythm = 'annual' | 'monthly';

interface PaymentCreated {
  paymentUrl?: string | null;
}

const failureToasts: Record<PaymentRhythm, [string, string]> = {
  annual: ['Erreur de paiement annuel', 'Impossible de créer le paiement annuel. Veuillez réessayer.'],
  monthly: ['Erreur de paiement mensuel', 'Impossible de créer le paiement mensuel. Veuillez réessayer.'],
};

export async function createPayment(orderId: string, rhythm: PaymentRhythm): Promise<string> {
  const { paymentUrl } = await api.post<PaymentCreated>(
    `/api/orders/${encodeURIComponent(orderId)}/payment-${rhythm}`,
  );
  if (!paymentUrl) throw new Error('La réponse ne contient pas de lien de paiement');
  return paymentUrl;
}

/** Creates the payment at the provider and sends the browser to its page. */
export function useCreatePayment(orderId: string) {
  return useMutation({
    mutationFn: (rhythm: PaymentRhythm) => createPayment(orderId, rhythm),
    onSuccess: (paymentUrl) => window.location.assign(paymentUrl),
    onError: (error, rhythm) => {
      console.warn('Création du paiement impossible', error);
      showErrorToast(...failureToasts[rhythm]);
    },
  });
}
