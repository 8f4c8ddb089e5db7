import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export function cardUpdateLink(orderId: string): Promise<{ checkoutUrl: string }> {
  return api.post<{ checkoutUrl: string }>(`/api/orders/${encodeURIComponent(orderId)}/payment-card-update`);
}

export function useCardUpdate(orderId: string) {
  return useMutation({
    mutationFn: () => cardUpdateLink(orderId),
    onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
  });
}
