import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { describeLaunchOffer } from '@coseso/domain/pricing/launch-offer';
import { formatDateTime } from '@/lib/format-date';
import { type VersionFields } from '@/lib/version-diff';
import { type CatalogueHistoryEntry } from '../api/catalogue-versions';

type Grid = CatalogueHistoryEntry['grid'];
type Change = CatalogueHistoryEntry['changes'][number];

const ht = (cents: number) => `${formatEuros(cents, { decimals: 'auto' })} HT`;
export const periodLabels = { once: 'une fois', yearly: 'par an', monthly: 'par mois' } as const;
const logoContentLabels = {
  ai: 'Logo ou contenus par IA',
  professional: 'Logo ou contenus professionnels',
} as const;

/** One change in French, against the grid it was made on: « Site Vitrine : base mensuelle 29 € HT → 32 € HT ». */
export function describeChange(change: Change, before: Grid): string {
  switch (change.kind) {
    case 'templatePrice': {
      const template = before.templates[change.template];
      return [
        change.monthlyBaseHT !== undefined &&
          `${template.recapLabel} : base mensuelle ${ht(template.monthlyBaseHT)} → ${ht(change.monthlyBaseHT)}`,
        change.launchFeeHT !== undefined &&
          `${template.recapLabel} : frais de mise en service ${ht(template.launchFeeHT)} → ${ht(change.launchFeeHT)}`,
      ]
        .filter(Boolean)
        .join(' ; ');
    }
    case 'templateText': {
      const template = before.templates[change.template];
      return [
        change.recapLabel !== undefined &&
          `${template.recapLabel} : nom dans la commande « ${template.recapLabel} » → « ${change.recapLabel} »`,
        change.landingLabel !== undefined &&
          `${template.recapLabel} : nom sur l’accueil « ${template.landingLabel} » → « ${change.landingLabel} »`,
        change.features !== undefined &&
          `${template.recapLabel} : caractéristiques « ${change.features.join(', ')} »`,
      ]
        .filter(Boolean)
        .join(' ; ');
    }
    case 'option': {
      const option = before.options[change.option];
      return [
        change.label !== undefined && `${option.label} : nom → « ${change.label} »`,
        change.priceHT !== undefined &&
          `${option.label} : ${ht(option.priceHT)} → ${ht(change.priceHT)} ${periodLabels[change.period ?? option.period]}`,
        change.period !== undefined &&
          `${option.label} : rythme ${periodLabels[option.period]} → ${periodLabels[change.period]}`,
      ]
        .filter(Boolean)
        .join(' ; ');
    }
    case 'domainPrice':
      return `Domaine ${change.extension} : ${ht(before.domainPricesHT[change.extension])} → ${ht(change.priceHT)} par an`;
    case 'logoContentPrice':
      return `${logoContentLabels[change.choice]} : ${ht(before.logoContentPricesHT[change.choice])} → ${ht(change.priceHT)}`;
    case 'hostingIncludes':
      return `Hébergement : ${change.items.join(', ')}`;
    case 'vatRate':
      return `Taux de TVA : ${before.vatRatePercent} % → ${change.percent} %`;
    case 'depositShare':
      return `Acompte : ${before.depositPercent} % → ${change.percent} %`;
    case 'monthlyMarkup':
      return `Majoration mensuelle : ${before.monthlyMarkupPercent} % → ${change.percent} %`;
    case 'addLaunchOffer':
      return `Nouvelle offre de lancement — ${describeLaunchOffer(change.offer)}`;
    case 'endLaunchOffer': {
      const offer = before.launchOffers.find((candidate) => candidate.id === change.id);
      return `Fin de l’offre « ${offer?.label ?? change.id} »${change.endsAt ? ` le ${formatDateTime(change.endsAt)}` : ''}`;
    }
  }
}

/**
 * From when a version prices: version 1 is the grid sold since orders opened, whatever date the log
 * recorded it at (the API gives none before the first publication, that publication's afterwards).
 */
export const versionSince = (entry: Pick<CatalogueHistoryEntry, 'version' | 'effectiveFrom'>) =>
  entry.version === 1 || entry.effectiveFrom === null
    ? 'version initiale, en vigueur dès l’ouverture des commandes'
    : `en vigueur le ${formatDateTime(entry.effectiveFrom)}`;

/** Who published a version and when; version 1 before the first publication is not in the log yet. */
export const versionPublication = (
  entry: Pick<CatalogueHistoryEntry, 'version' | 'publishedAt' | 'publishedBy' | 'reason'>,
) =>
  entry.publishedAt === null
    ? `Reprise du code, enregistrée au journal à la première publication : « ${entry.reason} »`
    : `Publiée le ${formatDateTime(entry.publishedAt)} par ${entry.publishedBy} : « ${entry.reason} »`;

/** Euros typed by a person (« 32 », « 32,50 ») in cents; null when it is not an amount. */
export function centsOf(text: string): number | null {
  const normalised = text.replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return null;
  return Math.round(Number(normalised) * 100);
}

const templateFieldLabels: Record<string, string> = {
  recapLabel: 'nom dans le récapitulatif',
  landingLabel: 'nom sur l’accueil',
  monthlyBaseHT: 'base mensuelle',
  launchFeeHT: 'frais de mise en service',
  features: 'caractéristiques sur /pricing',
};
const optionFieldLabels: Record<string, string> = {
  label: 'nom',
  priceHT: 'prix',
  period: 'rythme',
  onlyForTemplate: 'réservée au modèle',
};
const gridLabels: Record<string, string> = {
  vatRatePercent: 'Taux de TVA',
  depositPercent: 'Acompte',
  monthlyMarkupPercent: 'Majoration mensuelle',
  hostingIncludes: 'Hébergement : ce qui est inclus',
  expressCreationFromMonthlyHT: 'Solution Express : à partir de, par mois',
  externalHostFromMonthlyHT: 'Hébergeur externe recommandé : à partir de, par mois',
  launchOffers: 'Offres de lancement',
};
const accountManagerFieldLabels: Record<string, string> = { label: 'nom', yearlyPriceHT: 'prix par an' };

/** A grid's fields in French for a diff between two versions, named as `grid` (the later one) names them. */
export function catalogueVersionFields(grid: Grid): VersionFields {
  return {
    label: ([group, key, field]) => {
      if (group === 'templates' && key && field)
        return `${grid.templates[key as keyof Grid['templates']]?.recapLabel ?? key} : ${templateFieldLabels[field] ?? field}`;
      if (group === 'options' && key && field)
        return `${grid.options[key as keyof Grid['options']]?.label ?? key} : ${optionFieldLabels[field] ?? field}`;
      if (group === 'logoContentPricesHT' && key)
        return logoContentLabels[key as keyof typeof logoContentLabels];
      if (group === 'domainPricesHT' && key) return `Domaine ${key}`;
      if (group === 'accountManager' && key)
        return `${grid.accountManager.label} : ${accountManagerFieldLabels[key] ?? key}`;
      return (group && gridLabels[group]) ?? null;
    },
    value: (path, value) => {
      const last = path.at(-1) ?? '';
      if (Array.isArray(value) && path[0] === 'launchOffers')
        return (value as Grid['launchOffers']).map(describeLaunchOffer).join(' · ') || 'aucune';
      if (Array.isArray(value)) return value.join(' · ');
      if (typeof value === 'number' && last.endsWith('Percent')) return `${value} %`;
      if (typeof value === 'number') return path[0] === 'domainPricesHT' ? `${ht(value)} par an` : ht(value);
      if (last === 'period') return periodLabels[value as keyof typeof periodLabels] ?? String(value);
      if (last === 'onlyForTemplate')
        return grid.templates[value as keyof Grid['templates']]?.recapLabel ?? String(value);
      return String(value);
    },
  };
}
