import { useMutation } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api';
import { showErrorToast } from '@/ui/toaster';
import { type ApiAnswer } from '@/lib/api-answer';

/** A valid card, a card refused now, or a card the next renewal will refuse. */
export type SandboxCardOutcome = 'valid' | 'refused' | 'declines_next';

type Redirect = ApiAnswer<'/api/sandbox/subscriptions/{subscriptionId}/card', 'post'>;

export function setSandboxCard(subscriptionId: string, outcome: SandboxCardOutcome, returnUrl: string) {
  return api.post<Redirect>(`/api/sandbox/subscriptions/${encodeURIComponent(subscriptionId)}/card`, {
    outcome,
    returnUrl,
  });
}

/** Records the card's outcome, then goes back to the site that asked for the card. */
export function useSetSandboxCard(subscriptionId: string, returnUrl: string) {
  return useMutation({
    mutationFn: (outcome: SandboxCardOutcome) => setSandboxCard(subscriptionId, outcome, returnUrl),
    onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
    onError: (error) =>
      showErrorToast(
        'Erreur de carte bancaire',
        (isApiError(error) && error.serverMessage) || 'Une erreur est survenue. Veuillez réessayer.',
      ),
  });
}
