import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type FailedJob, failedJobsQueryKey } from './get-failed-jobs';

export function retryFailedJob(job: Pick<FailedJob, 'queue' | 'id'>): Promise<FailedJob> {
  return api.post<FailedJob>(
    `/api/admin/operations/failed-jobs/${encodeURIComponent(job.queue)}/${encodeURIComponent(job.id)}/retry`,
    undefined,
    { auth: 'admin' },
  );
}

export function useRetryFailedJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (job: Pick<FailedJob, 'queue' | 'id'>) => retryFailedJob(job),
    onSettled: () => queryClient.invalidateQueries({ queryKey: failedJobsQueryKey, exact: true }),
  });
}
