import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api';
import { formatDate } from '@/lib/format-date';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';
import { sandboxSubscriptionQueryOptions } from './get-sandbox-subscription';
import { type ApiAnswer } from '@/lib/api-answer';

type Renewal = ApiAnswer<'/api/sandbox/subscriptions/{subscriptionId}/renew', 'post'>;

export function renewSandboxSubscription(subscriptionId: string): Promise<Renewal> {
  return api.post<Renewal>(`/api/sandbox/subscriptions/${encodeURIComponent(subscriptionId)}/renew`);
}

function announce({ delivered, subscription }: Renewal) {
  if (!delivered || !subscription) {
    showErrorToast('Aucun prélèvement', "L'abonnement n'est plus actif : rien n'a été prélevé.");
  } else if (subscription.status === 'canceled') {
    showSuccessToast('Abonnement terminé', "L'abonnement résilié a pris fin à l'échéance.");
  } else if (subscription.cardDeclines) {
    showErrorToast('Prélèvement refusé', 'La carte a été refusée : le mois suivant reste à payer.');
  } else {
    showSuccessToast(
      'Mois suivant prélevé',
      `Prochain prélèvement le ${formatDate(subscription.currentPeriodEnd)}.`,
    );
  }
}

/** The sandbox's "next renewal now": what the provider would do at the end of the period. */
export function useRenewSandboxSubscription(subscriptionId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = sandboxSubscriptionQueryOptions(subscriptionId);
  return useMutation({
    mutationFn: () => renewSandboxSubscription(subscriptionId),
    onSuccess: (renewal) => {
      announce(renewal);
      return queryClient.invalidateQueries({ queryKey, exact: true });
    },
    onError: (error) =>
      showErrorToast(
        'Erreur de prélèvement',
        (isApiError(error) && error.serverMessage) || 'Une erreur est survenue. Veuillez réessayer.',
      ),
  });
}
