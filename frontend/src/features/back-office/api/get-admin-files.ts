import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { bearerHeaders } from '../utils/admin-token';

/** A file the client sent with the brief. */
export interface AdminFile {
  filename: string;
  originalName: string;
  size: number;
  uploadDate: string;
  type: string;
  /** A short-lived download link; files without one are under /uploads/. */
  url?: string;
}

/** `GET /api/admin/files/:orderId`: the client's files by category (spec §3). */
export interface AdminFiles {
  files: Record<string, AdminFile[]>;
}

export const adminFilesQueryOptions = (token: string, orderId: string) =>
  queryOptions({
    queryKey: ['admin', 'files', orderId],
    queryFn: ({ signal }) =>
      api.get<AdminFiles>(`/api/admin/files/${encodeURIComponent(orderId)}`, {
        signal,
        headers: bearerHeaders(token),
      }),
    staleTime: 0,
  });

export const downloadUrlOf = (file: AdminFile) => file.url ?? `/uploads/${encodeURIComponent(file.filename)}`;
