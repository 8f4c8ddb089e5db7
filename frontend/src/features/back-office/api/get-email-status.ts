import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { bearerHeaders } from '../utils/admin-token';

export interface EmailStatus {
  /** Whether emails really leave (SMTP). */
  configured: boolean;
  mode: 'smtp' | 'dev-mailbox';
  message: string;
}

export const emailStatusQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['admin', 'email-status'],
    queryFn: ({ signal }) =>
      api.get<EmailStatus>('/api/test/email', { signal, headers: bearerHeaders(token) }),
  });
