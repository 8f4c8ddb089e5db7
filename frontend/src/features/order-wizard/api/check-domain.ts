import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';

export type DomainCheckResult = ApiAnswer<'/api/check-domain', 'post'>;

export function checkDomain(domain: string): Promise<DomainCheckResult> {
  return api.post<DomainCheckResult>('/api/check-domain', { domain });
}

export function useCheckDomain() {
  return useMutation({ mutationFn: checkDomain });
}
