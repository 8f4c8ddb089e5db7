import { type BriefFileCategory } from '@coseso/event-schemas/order/order-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';
import { uploadField } from '../utils/upload-checks';
import { refreshOrder } from './refresh-order';

export interface UploadFilesInput {
  category: BriefFileCategory;
  files: readonly File[];
}

export type UploadedFiles = ApiAnswer<'/api/client/upload', 'post'>;

/** Multipart (spec §7.1): orderId, category, and the files under `images` or `documents`. */
export function uploadFiles(orderId: string, { category, files }: UploadFilesInput): Promise<UploadedFiles> {
  const form = new FormData();
  form.append('orderId', orderId);
  form.append('category', category);
  const field = uploadField(files);
  for (const file of files) form.append(field, file, file.name);
  return api.post<UploadedFiles>('/api/client/upload', form);
}

export function useUploadFiles(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadFilesInput) => uploadFiles(orderId, input),
    onSettled: () => refreshOrder(queryClient, orderId, { files: true }),
  });
}
