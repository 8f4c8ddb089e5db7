import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshOrder } from './refresh-order';

export function deleteFile(orderId: string, filename: string): Promise<unknown> {
  return api.delete(`/api/client/files/${encodeURIComponent(filename)}`, { orderId });
}

export function useDeleteFile(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filename: string) => deleteFile(orderId, filename),
    onSettled: () => refreshOrder(queryClient, orderId, { files: true }),
  });
}
