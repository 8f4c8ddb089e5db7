import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';

/** `GET /api/legal`: the seller, the host and the data controller as the server is configured. */
export type LegalInfo = ApiAnswer<'/api/legal'>;

export const legalInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['legal'],
    queryFn: ({ signal }) => api.get<LegalInfo>('/api/legal', { signal }),
    staleTime: Infinity,
  });

/** « , au capital de 10 000 € », or nothing for a legal form without capital (EI, micro-entreprise). */
export const shareCapitalText = (seller: LegalInfo['seller']) =>
  seller.shareCapital > 0
    ? `, au capital de ${formatEuros(seller.shareCapital * 100, { decimals: 'auto' })}`
    : '';
