import { api } from '@/lib/api';
import { type PaymentProviderName } from '../utils/payment-outcome';
import { type ApiAnswer } from '@/lib/api-answer';

export type PaymentStatusAnswer = ApiAnswer<'/api/{provider}/payment/{paymentId}'>;

/** The provider's status of a payment: paid, open, failed, canceled or expired. */
export function getPaymentStatus(
  provider: PaymentProviderName,
  paymentId: string,
  signal?: AbortSignal,
): Promise<PaymentStatusAnswer> {
  return api.get<PaymentStatusAnswer>(`/api/${provider}/payment/${encodeURIComponent(paymentId)}`, {
    signal,
  });
}
