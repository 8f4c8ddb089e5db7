import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type SandboxCheckoutStatus = 'open' | 'paid' | 'failed' | 'canceled' | 'expired' | 'refunded';
export type SandboxCheckoutPurpose = 'deposit' | 'setup_fee' | 'balance' | 'first_month' | 'account_manager';

/** The sandbox's hosted checkout, as `GET /api/sandbox/checkout/:id` gives it. */
export interface SandboxCheckout {
  id: string;
  orderId: string;
  orderNumber: number;
  purpose: SandboxCheckoutPurpose;
  purposeLabel: string;
  description: string;
  /** Cents, VAT included. */
  amount: number;
  customerEmail: string;
  status: SandboxCheckoutStatus;
  expiresAt: string;
  /** The first month of a subscription renewed every 30 days. */
  recurring: boolean;
}

export function getSandboxCheckout(paymentId: string, signal?: AbortSignal): Promise<SandboxCheckout> {
  return api.get<SandboxCheckout>(`/api/sandbox/checkout/${encodeURIComponent(paymentId)}`, { signal });
}

export const sandboxCheckoutQueryOptions = (paymentId: string) =>
  queryOptions({
    queryKey: ['sandbox', 'checkouts', paymentId],
    queryFn: ({ signal }) => getSandboxCheckout(paymentId, signal),
  });
