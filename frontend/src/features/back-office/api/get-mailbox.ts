import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { bearerHeaders } from '../utils/admin-token';

export interface MailboxEmail {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  template: string;
  sentAt: string;
}

export interface Mailbox {
  mode: 'smtp' | 'dev-mailbox';
  /** Newest first; always empty in SMTP mode. */
  emails: MailboxEmail[];
}

export const MAILBOX_LIMIT = 50;
export const mailboxQueryKey = ['admin', 'mailbox'] as const;

export const mailboxQueryOptions = (token: string) =>
  queryOptions({
    queryKey: mailboxQueryKey,
    queryFn: ({ signal }) =>
      api.get<Mailbox>(`/api/test/mailbox?limit=${MAILBOX_LIMIT}`, { signal, headers: bearerHeaders(token) }),
  });
