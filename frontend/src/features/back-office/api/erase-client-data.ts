import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { bearerHeaders } from '../utils/admin-token';
import { adminOrdersQueryKey } from './get-admin-orders';

export interface ClientDataErasure {
  clientId: string;
  orderIds: string[];
  /** Events stored in clear before encryption existed: kept as written, shown erased. */
  plaintextEvents: number;
  message: string;
}

/** `POST /api/admin/clients/:clientId/erase`: the right to be forgotten, final. */
export const eraseClientData = (token: string, clientId: string, reason: string) =>
  api.post<ClientDataErasure>(
    `/api/admin/clients/${encodeURIComponent(clientId)}/erase`,
    { reason: reason.trim(), confirmation: true },
    { headers: bearerHeaders(token) },
  );

/** Erases, then reloads every order view: the client's orders now read « données effacées ». */
export function useEraseClientData(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientId, reason }: { clientId: string; reason: string }) =>
      eraseClientData(token, clientId, reason),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'order'] }),
      ]),
  });
}
