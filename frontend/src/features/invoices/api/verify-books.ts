import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export interface BooksBreak {
  orderId: string;
  orderNumber: number;
  rule: string;
  document?: string;
  period?: string;
  vatRatePercent?: number;
  why: string;
}

export interface BooksReport {
  ok: boolean;
  events: number;
  orders: number;
  documents: number;
  checkedAt: string;
  breaks: BooksBreak[];
  numbering: string[];
}

/** `GET /api/admin/invoices/verify-books`: the books invariant over the whole log (a read: auditors may run it). */
export const verifyBooks = () => api.get<BooksReport>('/api/admin/invoices/verify-books', { auth: 'admin' });

export function useVerifyBooks() {
  return useMutation({ mutationFn: () => verifyBooks() });
}
