import { domainExtensions } from '@coseso/event-schemas/order/order-values';
import { DOMAIN_PRICES_HT_PER_YEAR } from '../pricing/pricing-grid.js';

export type DomainExtension = (typeof domainExtensions)[number];

export interface DomainName {
  readonly label: string;
  readonly extension: DomainExtension;
  readonly domain: string;
  /** Yearly price HT, cents. */
  readonly price: number;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A domain the client may buy: one label (letters without accents, digits, hyphens, not at either
 * end) and one of the extensions we sell, priced at `prices` (a catalogue version's, the first one's
 * when none is given). Returns a French reason when it cannot be one.
 */
export function parseDomainName(
  input: string,
  prices: Readonly<Record<DomainExtension, number>> = DOMAIN_PRICES_HT_PER_YEAR,
): DomainName | { error: string } {
  const domain = input
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/.*$/, '');
  const dot = domain.indexOf('.');
  if (domain === '' || dot <= 0)
    return { error: 'Indiquez un nom de domaine complet, par exemple monentreprise.fr' };
  const label = domain.slice(0, dot);
  const extension = domain.slice(dot) as DomainExtension;
  if (!(domainExtensions as readonly string[]).includes(extension)) {
    return { error: `Extension non proposée : choisissez parmi ${domainExtensions.join(', ')}` };
  }
  if (!LABEL.test(label)) {
    return {
      error:
        'Nom de domaine invalide : lettres sans accents, chiffres et tirets (pas au début ni à la fin), 63 caractères au plus',
    };
  }
  return { label, extension, domain, price: prices[extension] };
}
