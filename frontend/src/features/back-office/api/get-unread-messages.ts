import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';

export type UnreadMessages = ApiAnswer<'/api/admin/messages/unread'>;

/** The orders whose client wrote what the team has not read, with how many: one read for the whole list. */
export const unreadMessagesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'messages', 'unread'],
    queryFn: ({ signal }) => api.get<UnreadMessages>('/api/admin/messages/unread', { signal, auth: 'admin' }),
    select: (answer) => new Map(answer.orders.map(({ orderId, unread }) => [orderId, unread])),
    refetchInterval: 30_000,
  });
