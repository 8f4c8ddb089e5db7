import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { bearer } from './bearer';

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
export const verifyLog = (token: string) =>
  api.get<IntegrityReport>('/api/admin/audit/verify', { headers: bearer(token) });

export function useVerifyLog(token: string) {
  return useMutation({ mutationFn: () => verifyLog(token) });
}
