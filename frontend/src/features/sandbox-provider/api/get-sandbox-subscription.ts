import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The sandbox's record of a subscription, as `GET /api/sandbox/subscriptions/:id` gives it. */
export interface SandboxSubscription {
  id: string;
  orderId: string;
  /** Cents, VAT included, each 30 days. */
  amount: number;
  status: 'active' | 'canceled';
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  /** The card on file will be refused at the next renewal. */
  cardDeclines: boolean;
}

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
