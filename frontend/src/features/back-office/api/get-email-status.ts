import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';

export type EmailStatus = ApiAnswer<'/api/test/email'>;

export const emailStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'email-status'],
    queryFn: ({ signal }) => api.get<EmailStatus>('/api/test/email', { signal, auth: 'admin' }),
  });
