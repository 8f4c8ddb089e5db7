import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';

export type BooksReport = ApiAnswer<'/api/admin/invoices/verify-books'>;
export type BooksBreak = BooksReport['breaks'][number];

/** `GET /api/admin/invoices/verify-books`: the books invariant over the whole log (a read: auditors may run it). */
export const verifyBooks = () => api.get<BooksReport>('/api/admin/invoices/verify-books', { auth: 'admin' });

export function useVerifyBooks() {
  return useMutation({ mutationFn: () => verifyBooks() });
}
