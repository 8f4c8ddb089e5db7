import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';

/** A row of `GET /api/admin/operations/projections`. */
export type ProjectorStatus = ApiAnswer<'/api/admin/operations/projections'>[number];
export type ProjectorState = ProjectorStatus['state'];

export const projectionsQueryKey = ['admin', 'operations', 'projections'] as const;

/** Polled: the page and the banner watch the lag as it moves. */
export const projectionsQueryOptions = (refetchInterval = 5_000) =>
  queryOptions({
    queryKey: projectionsQueryKey,
    queryFn: ({ signal }) =>
      api.get<ProjectorStatus[]>('/api/admin/operations/projections', {
        signal,
        auth: 'admin',
      }),
    refetchInterval,
  });
