import { type QueryClient, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api';
import { getOrder, orderQueryOptions } from '@/lib/orders/get-order';
import { finalizePayment } from '../api/finalize-payment';
import { getPaymentStatus } from '../api/get-payment-status';
import {
  nextPaymentStep,
  type PaymentFacts,
  type PaymentOutcome,
  type PaymentReturn,
} from '../utils/payment-outcome';

const POLL_INTERVAL_MS = 3_000;
const POLL_LIMIT_MS = 60_000;

/** The page's state; a pending one says since when and whether the page stopped checking. */
export type PaymentCheck =
  Exclude<PaymentOutcome, { state: 'pending' }> | { state: 'pending'; pendingSince: number; gaveUp: boolean };

/** A failed call becomes a fact of the mapping; leaving the page still cancels the whole check. */
async function settle<T, F>(call: Promise<T>, signal: AbortSignal, onFailure: (error: unknown) => F) {
  try {
    return await call;
  } catch (error) {
    if (signal.aborted) throw error;
    return onFailure(error);
  }
}

async function checkPayment(
  paymentReturn: PaymentReturn,
  queryClient: QueryClient,
  queryKey: QueryKey,
  signal: AbortSignal,
): Promise<PaymentCheck> {
  let facts: PaymentFacts = {};
  for (;;) {
    const step = nextPaymentStep(paymentReturn, facts);
    switch (step.next) {
      case 'ask-provider': {
        const provider = await settle(
          getPaymentStatus(step.provider, step.paymentId, signal),
          signal,
          () => 'unavailable' as const,
        );
        facts = { ...facts, provider };
        break;
      }
      case 'fetch-order': {
        const order = await settle(getOrder(step.orderId, signal), signal, () => 'unavailable' as const);
        if (order !== 'unavailable') {
          queryClient.setQueryData(orderQueryOptions(step.orderId).queryKey, order);
        }
        facts = { ...facts, order };
        break;
      }
      case 'confirm': {
        const confirmation = await settle(
          finalizePayment(step.orderId, step.paymentType, step.paymentId, signal),
          signal,
          (error) =>
            isApiError(error) && error.status === 404
              ? ('order-not-found' as const)
              : ('unavailable' as const),
        );
        if (typeof confirmation === 'object' && confirmation.success) {
          const { queryKey: orderKey } = orderQueryOptions(step.orderId);
          void queryClient.invalidateQueries({ queryKey: orderKey, exact: true });
        }
        facts = { ...facts, confirmation };
        break;
      }
      case 'done': {
        if (step.outcome.state !== 'pending') return step.outcome;
        const previous = queryClient.getQueryData<PaymentCheck>(queryKey);
        const pendingSince = previous?.state === 'pending' ? previous.pendingSince : Date.now();
        return { state: 'pending', pendingSince, gaveUp: Date.now() - pendingSince >= POLL_LIMIT_MS };
      }
    }
  }
}

/**
 * Where the payment of a return URL stands (spec §4): checked on arrival, then every 3 seconds while
 * pending, for a minute. `checkAgain` runs one more check after that.
 */
export function usePaymentCheck(paymentReturn: PaymentReturn) {
  const queryClient = useQueryClient();
  const queryKey = ['payments', 'check', paymentReturn];
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => checkPayment(paymentReturn, queryClient, queryKey, signal),
    refetchInterval: ({ state: { data } }) =>
      data?.state === 'pending' && !data.gaveUp ? POLL_INTERVAL_MS : false,
    // Every visit checks afresh: the answer of a minute ago says little about a payment.
    gcTime: 0,
  });
  // The check turns every failed call into a state; a throw here is a bug, shown as the default error.
  const failed: PaymentCheck | undefined = query.isError ? { state: 'error', error: 'unknown' } : undefined;
  return {
    check: query.data ?? failed,
    checking: query.isFetching,
    checkAgain: () => void query.refetch(),
  };
}
