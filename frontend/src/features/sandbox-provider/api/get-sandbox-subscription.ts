import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';

/** The sandbox's record of a subscription, as `GET /api/sandbox/subscriptions/:id` gives it. */
export type SandboxSubscription = ApiAnswer<'/api/sandbox/subscriptions/{subscriptionId}'>;

export function getSandboxSubscription(subscriptionId: string, signal?: AbortSignal) {
  return api.get<SandboxSubscription>(`/api/sandbox/subscriptions/${encodeURIComponent(subscriptionId)}`, {
    signal,
  });
}

export const sandboxSubscriptionQueryOptions = (subscriptionId: string) =>
  queryOptions({
    queryKey: ['sandbox', 'subscriptions', subscriptionId],
    queryFn: ({ signal }) => getSandboxSubscription(subscriptionId, signal),
  });
