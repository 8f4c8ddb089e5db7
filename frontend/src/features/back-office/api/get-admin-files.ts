import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';

/** A file the client sent with the brief. */
export type AdminFile = AdminFiles['files'][keyof AdminFiles['files']][number];

/** `GET /api/admin/files/:orderId`: the client's files by category (spec §3). */
export type AdminFiles = ApiAnswer<'/api/admin/files/{orderId}'>;

export const adminFilesQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['admin', 'files', orderId],
    queryFn: ({ signal }) =>
      api.get<AdminFiles>(`/api/admin/files/${encodeURIComponent(orderId)}`, {
        signal,
        auth: 'admin',
      }),
    staleTime: 0,
  });

export const downloadUrlOf = (file: AdminFile) => file.url ?? `/uploads/${encodeURIComponent(file.filename)}`;
