import { api } from '@/lib/api';
import { type PaymentConfirmation } from '../utils/payment-outcome';

/**
 * Asks the server whether the order records the payment, or refunded it (paid on a link the order no
 * longer matched); it waits a few seconds for the provider's webhook.
 */
export function finalizePayment(
  orderId: string,
  paymentType: string | undefined,
  paymentId: string | undefined,
  signal?: AbortSignal,
): Promise<PaymentConfirmation> {
  return api.post<PaymentConfirmation>(
    `/api/orders/${encodeURIComponent(orderId)}/finalize-payment`,
    { paymentType, paymentId },
    { signal },
  );
}
