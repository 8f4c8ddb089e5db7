import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';

/** Where a rebuild stands: the start's answer, and the data of each of its server-sent events. */
export type RebuildState = ApiAnswer<'/api/admin/operations/rebuilds', 'post'>;

/** One read model, or every one when `projection` is undefined. */
export function startRebuild(projection?: string): Promise<RebuildState> {
  return api.post<RebuildState>('/api/admin/operations/rebuilds', projection ? { projection } : {}, {
    auth: 'admin',
  });
}

export function useStartRebuild() {
  return useMutation({ mutationFn: (projection?: string) => startRebuild(projection) });
}

/** The rebuild running (or the last one run) in the API process: a page opened meanwhile follows it. */
export const currentRebuildQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'operations', 'current-rebuild'],
    queryFn: ({ signal }) =>
      api.get<{ rebuild: RebuildState | null }>('/api/admin/operations/rebuilds/current', {
        signal,
        auth: 'admin',
      }),
    staleTime: Infinity,
  });
