import { api } from '@/lib/api';

export interface ClientDataErasure {
  clientId: string;
  orderIds: string[];
  /** Events stored in clear before encryption existed: kept as written, shown erased. */
  plaintextEvents: number;
  message: string;
}

/** `POST /api/admin/clients/:clientId/erase`: the right to be forgotten, final. */
export const eraseClientData = (clientId: string, reason: string) =>
  api.post<ClientDataErasure>(
    `/api/admin/clients/${encodeURIComponent(clientId)}/erase`,
    { reason: reason.trim(), confirmation: true },
    { auth: 'admin' },
  );
