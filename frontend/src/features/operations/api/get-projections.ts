import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { authHeaders } from '../utils/operations-auth';

export type ProjectorState = 'running' | 'failed' | 'never-run' | 'stale';

/** A row of `GET /api/admin/operations/projections`. */
export interface ProjectorStatus {
  name: string;
  version: number | null;
  expectedVersion: number;
  state: ProjectorState;
  position: number | null;
  processed: number;
  lagEvents: number;
  lagSeconds: number;
  updatedAt: string | null;
  error: string | null;
  errorPosition: number | null;
}

export const projectionsQueryKey = ['admin', 'operations', 'projections'] as const;

/** Polled: the page and the banner watch the lag as it moves. */
export const projectionsQueryOptions = (token: string, refetchInterval = 5_000) =>
  queryOptions({
    queryKey: projectionsQueryKey,
    queryFn: ({ signal }) =>
      api.get<ProjectorStatus[]>('/api/admin/operations/projections', {
        signal,
        headers: authHeaders(token),
      }),
    refetchInterval,
  });
