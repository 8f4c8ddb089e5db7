import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';

/** The sandbox's hosted checkout, as `GET /api/sandbox/checkout/:id` gives it. */
export type SandboxCheckout = ApiAnswer<'/api/sandbox/checkout/{paymentId}'>;
export type SandboxCheckoutStatus = SandboxCheckout['status'];

export function getSandboxCheckout(paymentId: string, signal?: AbortSignal): Promise<SandboxCheckout> {
  return api.get<SandboxCheckout>(`/api/sandbox/checkout/${encodeURIComponent(paymentId)}`, { signal });
}

export const sandboxCheckoutQueryOptions = (paymentId: string) =>
  queryOptions({
    queryKey: ['sandbox', 'checkouts', paymentId],
    queryFn: ({ signal }) => getSandboxCheckout(paymentId, signal),
  });
