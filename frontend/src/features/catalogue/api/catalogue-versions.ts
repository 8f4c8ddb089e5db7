import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer, type ApiBody } from '@/lib/api-answer';

/** `GET /api/admin/catalogue`: every version, the latest first, and the one in force. */
export type CatalogueHistory = ApiAnswer<'/api/admin/catalogue'>;
export type CatalogueHistoryEntry = CatalogueHistory['versions'][number];
export type PublishCatalogueVersionBody = ApiBody<'/api/admin/catalogue/versions'>;

export const catalogueHistoryQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'catalogue'],
    queryFn: ({ signal }) => api.get<CatalogueHistory>('/api/admin/catalogue', { signal, auth: 'admin' }),
  });

/** Publishes the next version; the history and the catalogue in force are read again. */
export function usePublishCatalogueVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishCatalogueVersionBody) =>
      api.post<ApiAnswer<'/api/admin/catalogue/versions', 'post'>>('/api/admin/catalogue/versions', body, {
        auth: 'admin',
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogueHistoryQueryOptions().queryKey }),
        // The catalogue in force (`@/lib/catalogue`), named by its key so the route's loader stays light.
        queryClient.invalidateQueries({ queryKey: ['catalogue'] }),
      ]),
  });
}
