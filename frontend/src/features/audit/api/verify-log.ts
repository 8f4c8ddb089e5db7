import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';

export type IntegrityReport = ApiAnswer<'/api/admin/audit/verify'>;

/** `GET /api/admin/audit/verify`: every stream's hash chain recomputed (a read, so auditors may run it). */
export const verifyLog = () => api.get<IntegrityReport>('/api/admin/audit/verify', { auth: 'admin' });

export function useVerifyLog() {
  return useMutation({ mutationFn: () => verifyLog() });
}
