import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';

export type ClientDataErasure = ApiAnswer<'/api/admin/clients/{clientId}/erase', 'post'>;

/** `POST /api/admin/clients/:clientId/erase`: the right to be forgotten, final. */
export const eraseClientData = (clientId: string, reason: string) =>
  api.post<ClientDataErasure>(
    `/api/admin/clients/${encodeURIComponent(clientId)}/erase`,
    { reason: reason.trim(), confirmation: true },
    { auth: 'admin' },
  );
