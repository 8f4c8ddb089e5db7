import { useMutation } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api';
import { showErrorToast } from '@/ui/toaster';
import { type ApiAnswer } from '@/lib/api-answer';

/** The checkout page's three buttons: Payer, Simuler un échec, Annuler. */
export type SandboxCheckoutAction = 'pay' | 'fail' | 'cancel';

type Redirect = ApiAnswer<'/api/sandbox/checkout/{paymentId}/{action}', 'post'>;

export function actOnSandboxCheckout(paymentId: string, action: SandboxCheckoutAction): Promise<Redirect> {
  return api.post<Redirect>(`/api/sandbox/checkout/${encodeURIComponent(paymentId)}/${action}`);
}

/** Pays, fails or cancels the checkout, then goes where the provider sends the payer back. */
export function useSandboxCheckoutAction(paymentId: string) {
  return useMutation({
    mutationFn: (action: SandboxCheckoutAction) => actOnSandboxCheckout(paymentId, action),
    onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
    onError: (error) =>
      showErrorToast(
        'Erreur de paiement',
        (isApiError(error) && error.serverMessage) || 'Une erreur est survenue. Veuillez réessayer.',
      ),
  });
}
