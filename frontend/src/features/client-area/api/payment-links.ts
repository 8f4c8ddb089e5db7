import { type OrderView } from '@coseso/domain/orders/order-view';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

interface PaymentLink {
  success: boolean;
  paymentUrl: string;
  message: string;
}

/** The balance (yearly) or first month (monthly) link: the open one again when there is one. */
export function finalPaymentLink(order: Pick<OrderView, 'id' | 'status'>): Promise<PaymentLink> {
  const id = encodeURIComponent(order.id);
  return api.post<PaymentLink>(
    order.status === 'awaiting_first_monthly_payment'
      ? `/api/orders/${id}/payment-first-month`
      : `/api/orders/${id}/regenerate-final-payment`,
  );
}

/** Asks for the link, then goes to the provider's page. */
export function useFinalPayment() {
  return useMutation({
    mutationFn: finalPaymentLink,
    onSuccess: ({ paymentUrl }) => window.location.assign(paymentUrl),
  });
}

export function cardUpdateLink(orderId: string): Promise<{ checkoutUrl: string }> {
  return api.post<{ checkoutUrl: string }>(`/api/orders/${encodeURIComponent(orderId)}/payment-card-update`);
}

export function useCardUpdate(orderId: string) {
  return useMutation({
    mutationFn: () => cardUpdateLink(orderId),
    onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
  });
}
