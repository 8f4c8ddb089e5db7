import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** `GET /api/legal`: the seller, the host and the data controller as the server is configured. */
export interface LegalInfo {
  seller: {
    name: string;
    legalForm: string;
    shareCapital: number;
    address: string;
    siren: string;
    siret: string;
    rcs: string;
    vatNumber: string;
    email: string;
  };
  host: { name: string; address: string };
  dataController: { name: string; address: string; email: string };
  retentionYears: number;
}

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
