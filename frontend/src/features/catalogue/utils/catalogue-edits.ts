import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { type CatalogueHistoryEntry } from '../api/catalogue-versions';
import { centsOf, periodLabels } from './catalogue-labels';

type Grid = CatalogueHistoryEntry['grid'];
type Change = CatalogueHistoryEntry['changes'][number];
type TemplateKey = keyof Grid['templates'];
type OptionKey = keyof Grid['options'];
type Period = Grid['options'][OptionKey]['period'];

/** What the back-office's form edits: one field of the grid each, every kind the event schema knows. */
export type EditKind =
  | 'monthlyBaseHT'
  | 'launchFeeHT'
  | 'recapLabel'
  | 'landingLabel'
  | 'features'
  | 'optionPrice'
  | 'optionLabel'
  | 'optionPeriod'
  | 'domainPrice'
  | 'logoContentPrice'
  | 'hostingIncludes'
  | 'vatRate'
  | 'depositShare'
  | 'monthlyMarkup';

/** What the edited field is of: a template, an option, an extension, a paid logo/content, or the grid itself. */
type Target = 'template' | 'option' | 'domain' | 'logoContent' | null;
/** How its new value is typed. */
export type ValueInput = 'amount' | 'text' | 'lines' | 'percent' | 'period';

interface EditDefinition {
  label: string;
  target: Target;
  input: ValueInput;
  /** The value field's label. */
  valueLabel: string;
}

const amount = 'Nouveau montant (€ HT)';
export const editKinds: Record<EditKind, EditDefinition> = {
  monthlyBaseHT: {
    label: 'Modèle : base mensuelle (€ HT, prix annuel = 12 × base)',
    target: 'template',
    input: 'amount',
    valueLabel: amount,
  },
  launchFeeHT: {
    label: 'Modèle : frais de mise en service (€ HT)',
    target: 'template',
    input: 'amount',
    valueLabel: amount,
  },
  recapLabel: {
    label: 'Modèle : nom dans la commande et le récapitulatif',
    target: 'template',
    input: 'text',
    valueLabel: 'Nouveau nom',
  },
  landingLabel: {
    label: 'Modèle : nom sur la page d’accueil',
    target: 'template',
    input: 'text',
    valueLabel: 'Nouveau nom',
  },
  features: {
    label: 'Modèle : caractéristiques sur /pricing',
    target: 'template',
    input: 'lines',
    valueLabel: 'Caractéristiques (une par ligne)',
  },
  optionPrice: { label: 'Option : prix (€ HT)', target: 'option', input: 'amount', valueLabel: amount },
  optionLabel: { label: 'Option : nom', target: 'option', input: 'text', valueLabel: 'Nouveau nom' },
  optionPeriod: {
    label: 'Option : rythme du prix',
    target: 'option',
    input: 'period',
    valueLabel: 'Nouveau rythme',
  },
  domainPrice: {
    label: 'Extension de domaine : prix annuel (€ HT)',
    target: 'domain',
    input: 'amount',
    valueLabel: amount,
  },
  logoContentPrice: {
    label: 'Logo ou contenus : prix (€ HT, une fois)',
    target: 'logoContent',
    input: 'amount',
    valueLabel: amount,
  },
  hostingIncludes: {
    label: 'Hébergement : ce qui est inclus',
    target: null,
    input: 'lines',
    valueLabel: 'Ce que comprend l’hébergement (un élément par ligne)',
  },
  vatRate: { label: 'Taux de TVA (%)', target: null, input: 'percent', valueLabel: 'Nouveau taux (%)' },
  depositShare: {
    label: 'Acompte d’une commande annuelle (% du total)',
    target: null,
    input: 'percent',
    valueLabel: 'Nouvelle part (%)',
  },
  monthlyMarkup: {
    label: 'Majoration du paiement mensuel (%)',
    target: null,
    input: 'percent',
    valueLabel: 'Nouvelle majoration (%)',
  },
};

export const editKindKeys = Object.keys(editKinds) as EditKind[];

/** The choices of the « Élément » list for a kind: [key, name]; none for a field of the grid itself. */
export function targetsOf(kind: EditKind, grid: Grid): [string, string][] {
  switch (editKinds[kind].target) {
    case 'template':
      return Object.entries(grid.templates).map(([key, t]) => [key, t.recapLabel]);
    case 'option':
      return Object.entries(grid.options).map(([key, o]) => [key, o.label]);
    case 'domain':
      return Object.keys(grid.domainPricesHT).map((e) => [e, e]);
    case 'logoContent':
      return [
        ['ai', 'Par IA'],
        ['professional', 'Professionnel'],
      ];
    case null:
      return [];
  }
}

const typedEuros = (cents: number) => formatEuros(cents, { decimals: 'auto' }).replace(/\s?€$/, '');

/** The field's value in the grid, as the form shows it to be changed (« 29 », « 20 », one item a line…). */
export function currentValue(kind: EditKind, target: string, grid: Grid): string {
  const template = grid.templates[target as TemplateKey];
  const option = grid.options[target as OptionKey];
  switch (kind) {
    case 'monthlyBaseHT':
    case 'launchFeeHT':
      return typedEuros(template[kind]);
    case 'recapLabel':
    case 'landingLabel':
      return template[kind];
    case 'features':
      return template.features.join('\n');
    case 'optionPrice':
      return typedEuros(option.priceHT);
    case 'optionLabel':
      return option.label;
    case 'optionPeriod':
      return option.period;
    case 'domainPrice':
      return typedEuros(grid.domainPricesHT[target as keyof Grid['domainPricesHT']]);
    case 'logoContentPrice':
      return typedEuros(grid.logoContentPricesHT[target as keyof Grid['logoContentPricesHT']]);
    case 'hostingIncludes':
      return grid.hostingIncludes.join('\n');
    case 'vatRate':
      return String(grid.vatRatePercent);
    case 'depositShare':
      return String(grid.depositPercent);
    case 'monthlyMarkup':
      return String(grid.monthlyMarkupPercent);
  }
}

const linesOf = (value: string) =>
  value
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The change the form's fields make, or what is wrong with the value, in French. */
export function changeOf(kind: EditKind, target: string, value: string): Change | string {
  const { input } = editKinds[kind];
  if (input === 'lines') {
    const lines = linesOf(value);
    if (lines.length === 0) return 'Indiquez au moins un élément, un par ligne.';
    if (lines.length > 20) return 'Au plus 20 éléments.';
    if (lines.some((line) => line.length > 200)) return 'Un élément tient en 200 caractères.';
    return kind === 'features'
      ? { kind: 'templateText', template: target as TemplateKey, features: lines }
      : { kind: 'hostingIncludes', items: lines };
  }
  if (input === 'text') {
    const text = value.trim();
    if (!text) return 'Indiquez le nouveau nom.';
    if (text.length > 200) return 'Un nom tient en 200 caractères.';
    if (kind === 'optionLabel') return { kind: 'option', option: target as OptionKey, label: text };
    return {
      kind: 'templateText',
      template: target as TemplateKey,
      ...(kind === 'recapLabel' ? { recapLabel: text } : { landingLabel: text }),
    };
  }
  if (input === 'period') {
    if (!(value in periodLabels)) return 'Choisissez un rythme.';
    return { kind: 'option', option: target as OptionKey, period: value as Period };
  }
  if (input === 'percent') {
    const percent = /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : NaN;
    if (!(percent >= 0 && percent <= 100)) return 'Indiquez un pourcentage entier, de 0 à 100.';
    if (kind === 'vatRate') return { kind: 'vatRate', percent };
    if (kind === 'depositShare') return { kind: 'depositShare', percent };
    return { kind: 'monthlyMarkup', percent };
  }
  const cents = centsOf(value);
  if (cents === null) return 'Indiquez un montant en euros HT, par exemple 32 ou 32,50.';
  switch (kind) {
    case 'monthlyBaseHT':
    case 'launchFeeHT':
      return { kind: 'templatePrice', template: target as TemplateKey, [kind]: cents };
    case 'optionPrice':
      return { kind: 'option', option: target as OptionKey, priceHT: cents };
    case 'domainPrice':
      return {
        kind: 'domainPrice',
        extension: target as keyof Grid['domainPricesHT'],
        priceHT: cents,
      };
    default:
      return {
        kind: 'logoContentPrice',
        choice: target as keyof Grid['logoContentPricesHT'],
        priceHT: cents,
      };
  }
}
