import { type AgencyIdentity } from '@coseso/event-schemas/identity/identity-events';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';

/** `GET /api/admin/agency-identity`: every version, the latest first, and the one documents name now. */
export type IdentityHistory = ApiAnswer<'/api/admin/agency-identity'>;
export type IdentityVersion = IdentityHistory['versions'][number];
/** The request's nested identity is not described in the generated types: the event's shape is the body's. */
export interface ChangeAgencyIdentityBody {
  identity: AgencyIdentity;
  reason: string;
}

export const identityHistoryQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'agency-identity'],
    queryFn: ({ signal }) =>
      api.get<IdentityHistory>('/api/admin/agency-identity', { signal, auth: 'admin' }),
  });

/** Records the next version; the history is read again, and the legal pages with it. */
export function useChangeAgencyIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeAgencyIdentityBody) =>
      api.post<ApiAnswer<'/api/admin/agency-identity', 'post'>>('/api/admin/agency-identity', body, {
        auth: 'admin',
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: identityHistoryQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['legal'] }),
      ]),
  });
}
