import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';

/** A failed BullMQ job, as `GET /api/admin/operations/failed-jobs` lists it. */
export type FailedJob = ApiAnswer<'/api/admin/operations/failed-jobs'>[number];

export const failedJobsQueryKey = ['admin', 'operations', 'failed-jobs'] as const;

export const failedJobsQueryOptions = () =>
  queryOptions({
    queryKey: failedJobsQueryKey,
    queryFn: ({ signal }) =>
      api.get<FailedJob[]>('/api/admin/operations/failed-jobs', { signal, auth: 'admin' }),
    refetchInterval: 15_000,
  });
