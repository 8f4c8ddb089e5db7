import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { authHeaders } from '../utils/operations-auth';

/** A failed BullMQ job, as `GET /api/admin/operations/failed-jobs` lists it. */
export interface FailedJob {
  queue: 'jobs' | 'emails';
  id: string;
  name: string;
  error: string;
  stacktrace: string[];
  attempts: number;
  maxAttempts: number;
  summary: string;
  createdAt: string;
  failedAt: string | null;
}

export const failedJobsQueryKey = ['admin', 'operations', 'failed-jobs'] as const;

export const failedJobsQueryOptions = (token: string) =>
  queryOptions({
    queryKey: failedJobsQueryKey,
    queryFn: ({ signal }) =>
      api.get<FailedJob[]>('/api/admin/operations/failed-jobs', { signal, headers: authHeaders(token) }),
    refetchInterval: 15_000,
  });
