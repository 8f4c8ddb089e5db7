import { type PriceGrid } from '@coseso/domain/pricing/pricing-grid';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';
import { formatDateTime } from '@/lib/format-date';

/** `GET /api/catalogue`: the catalogue version in force, the grid /pricing and the wizard price with. */
export type CatalogueInForce = ApiAnswer<'/api/catalogue'>;

export const catalogueQueryOptions = () =>
  queryOptions({
    queryKey: ['catalogue'],
    queryFn: ({ signal }) => api.get<CatalogueInForce>('/api/catalogue', { signal }),
    // A version published meanwhile is caught at the latest when the order is validated (409).
    staleTime: 60_000,
  });

/** The grid of a version, as the shared pricing module takes it. */
export const priceGridOf = (catalogue: CatalogueInForce): PriceGrid => catalogue.grid;

/** « Tarifs de la version 2 du catalogue, en vigueur depuis le 1 janvier 2027 à 00:00 ». */
export const catalogueVersionText = (catalogue: Pick<CatalogueInForce, 'version' | 'effectiveFrom'>) =>
  catalogue.version === 1 || catalogue.effectiveFrom === null
    ? 'Tarifs de la version 1 du catalogue'
    : `Tarifs de la version ${catalogue.version} du catalogue, en vigueur depuis le ${formatDateTime(catalogue.effectiveFrom)}`;
