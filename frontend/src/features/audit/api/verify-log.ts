import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export interface BrokenLink {
  streamId: string;
  revision: number;
  kind: string;
  expected: string | null;
  found: string | null;
  description: string;
}

export interface IntegrityReport {
  ok: boolean;
  streams: number;
  events: number;
  checkedAt: string;
  broken: BrokenLink[];
}

/** `GET /api/admin/audit/verify`: every stream's hash chain recomputed (a read, so auditors may run it). */
export const verifyLog = () => api.get<IntegrityReport>('/api/admin/audit/verify', { auth: 'admin' });

export function useVerifyLog() {
  return useMutation({ mutationFn: () => verifyLog() });
}
