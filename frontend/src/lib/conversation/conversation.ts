import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';

/** `GET …/orders/:orderId/messages`: the thread, as the caller's side sees it. */
export type Conversation = ApiAnswer<'/api/client/orders/{orderId}/messages'>;
export type ThreadEntry = Conversation['entries'][number];
/** Who reads: the client in their area, the team on the order's panel. */
export type ConversationSide = 'client' | 'team';

const basePath = (side: ConversationSide, orderId: string) =>
  side === 'client'
    ? `/api/client/orders/${encodeURIComponent(orderId)}/messages`
    : `/api/admin/orders/${encodeURIComponent(orderId)}/messages`;
const auth = (side: ConversationSide) => (side === 'team' ? { auth: 'admin' as const } : {});

export const conversationQueryKey = (side: ConversationSide, orderId: string) =>
  [side === 'client' ? 'client' : 'admin', 'messages', orderId] as const;

/** The thread, looked at again every 20 s while it is shown: an answer appears without a reload. */
export const conversationQueryOptions = (side: ConversationSide, orderId: string) =>
  queryOptions({
    queryKey: conversationQueryKey(side, orderId),
    queryFn: ({ signal }) => api.get<Conversation>(basePath(side, orderId), { signal, ...auth(side) }),
    refetchInterval: 20_000,
  });

export interface NewMessage {
  text: string;
  files: readonly File[];
  /** The support tab's « Ouvrir un ticket » (client only). */
  channel?: 'messages' | 'support';
}

export function usePostMessage(side: ConversationSide, orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ text, files, channel }: NewMessage) => {
      const form = new FormData();
      form.append('text', text);
      if (channel) form.append('channel', channel);
      for (const file of files) form.append('files', file, file.name);
      return api.post<{ seq: number }>(basePath(side, orderId), form, auth(side));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationQueryKey(side, orderId) }),
  });
}

/** The read receipt: this side has read the thread up to `upTo`. */
export function useMarkRead(side: ConversationSide, orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: number) => api.post(`${basePath(side, orderId)}/read`, { upTo }, auth(side)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: conversationQueryKey(side, orderId) });
      if (side === 'team') void queryClient.invalidateQueries({ queryKey: ['admin', 'messages', 'unread'] });
    },
  });
}
