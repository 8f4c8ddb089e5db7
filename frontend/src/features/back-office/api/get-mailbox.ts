import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';

export type MailboxEmail = Mailbox['emails'][number];

export type Mailbox = ApiAnswer<'/api/test/mailbox'>;

export const MAILBOX_LIMIT = 50;
export const mailboxQueryKey = ['admin', 'mailbox'] as const;

export const mailboxQueryOptions = () =>
  queryOptions({
    queryKey: mailboxQueryKey,
    queryFn: ({ signal }) =>
      api.get<Mailbox>(`/api/test/mailbox?limit=${MAILBOX_LIMIT}`, { signal, auth: 'admin' }),
  });
