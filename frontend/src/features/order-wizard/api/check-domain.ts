import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export interface DomainCheckResult {
  domain: string;
  /** null: the registry could not say; our team confirms it. */
  available: boolean | null;
  /** Yearly price HT in cents. */
  price: number | null;
  error: string | null;
  message: string;
}

export function checkDomain(domain: string): Promise<DomainCheckResult> {
  return api.post<DomainCheckResult>('/api/check-domain', { domain });
}

export function useCheckDomain() {
  return useMutation({ mutationFn: checkDomain });
}
