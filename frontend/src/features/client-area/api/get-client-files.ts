import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ClientFiles } from '../utils/client-files';

export function getClientFiles(orderId: string, signal?: AbortSignal): Promise<ClientFiles> {
  return api.get<ClientFiles>(`/api/client/files/${encodeURIComponent(orderId)}`, { signal });
}

export const clientFilesQueryKey = (orderId: string) => ['client', 'files', orderId] as const;

export const clientFilesQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: clientFilesQueryKey(orderId),
    queryFn: ({ signal }) => getClientFiles(orderId, signal),
  });
