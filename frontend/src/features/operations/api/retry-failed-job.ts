import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { authHeaders } from '../utils/operations-auth';
import { type FailedJob, failedJobsQueryKey } from './get-failed-jobs';

export function retryFailedJob(token: string, job: Pick<FailedJob, 'queue' | 'id'>): Promise<FailedJob> {
  return api.post<FailedJob>(
    `/api/admin/operations/failed-jobs/${encodeURIComponent(job.queue)}/${encodeURIComponent(job.id)}/retry`,
    undefined,
    { headers: authHeaders(token) },
  );
}

export function useRetryFailedJob(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (job: Pick<FailedJob, 'queue' | 'id'>) => retryFailedJob(token, job),
    onSettled: () => queryClient.invalidateQueries({ queryKey: failedJobsQueryKey, exact: true }),
  });
}
