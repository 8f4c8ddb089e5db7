import { formatEuros, formatEurosHT, formatEurosTTC } from './format-euros.js';
import { LANDING_FIGURES_ELEMENT } from './landing-figures-element.js';
import { roundDiv } from './money.js';
import {
  ADDITIONAL_OPTION_KEYS,
  MONTHS_PER_YEAR,
  type PriceGrid,
  TEMPLATE_KEYS,
  type TemplateKey,
} from './pricing-grid.js';
import { offerPrice } from './pricing-plans.js';

/**
 * Every figure the landing page (`/`) shows, already written in French, at a catalogue version:
 * the price cards, the options, the payment rhythms and the simulation. The server computes them
 * from the version in force and writes them into the prerendered page and its data block, so that
 * the landing's first load carries no pricing code and no grid (the catalogue comes as data, not
 * code: docs/adr/0136-the-landing-page-reads-the-catalogue-as-data.md). Every leaf is a string, so
 * that the prerendered page can hold a token in its place (`landingFigureTokens`).
 */
export interface LandingFigures {
  /** The catalogue version the figures are of. */
  version: string;
  cards: { template: TemplateKey; label: string; annualHT: string; monthlyHT: string; setupFeeHT: string }[];
  options: { key: string; label: string; price: string; note: string }[];
  rhythms: { depositPercent: string; balancePercent: string; monthlyMarkupPercent: string };
  simulation: {
    label: string;
    yearlyTotalHT: string;
    monthlyTotalHT: string;
    yearlyTotalTTC: string;
    monthlyTotalTTC: string;
    yearlyPayments: string;
    monthlyPayments: string;
    saving: string;
    savingPercent: string;
  };
}

export type LandingFiguresGrid = Pick<
  PriceGrid,
  | 'vatRatePercent'
  | 'depositPercent'
  | 'monthlyMarkupPercent'
  | 'templates'
  | 'options'
  | 'logoContentPricesHT'
  | 'domainPricesHT'
>;

/** The template the simulation is an example of. */
export const LANDING_SIMULATION_TEMPLATE: TemplateKey = 'onepage';

const euros = (cents: number) => formatEuros(cents, { decimals: 'auto' });
const NBSP = '\u00a0';
const periodSuffix = { yearly: `${NBSP}/${NBSP}an`, monthly: `${NBSP}/${NBSP}mois`, once: ', une fois' };

/** The landing page's figures at `grid` (a catalogue version's), in French, amounts HT or TTC as labelled. */
export function landingFigures(grid: LandingFiguresGrid, version: number): LandingFigures {
  const cards = TEMPLATE_KEYS.map((template) => {
    const monthly = offerPrice(template, 'monthly', grid);
    return {
      template,
      label: grid.templates[template].landingLabel,
      annualHT: euros(offerPrice(template, 'yearly', grid).totalAmount),
      monthlyHT: euros(monthly.monthlyAmount),
      setupFeeHT: euros(monthly.setupFeesAmount),
    };
  });
  const logoContent = `IA +${NBSP}${euros(grid.logoContentPricesHT.ai)}${NBSP}HT · professionnel +${NBSP}${euros(grid.logoContentPricesHT.professional)}${NBSP}HT`;
  const options = [
    ...ADDITIONAL_OPTION_KEYS.map((key) => {
      const option = grid.options[key];
      return {
        key,
        label: option.label,
        price: `+${NBSP}${euros(option.priceHT)}${NBSP}HT${periodSuffix[option.period]}`,
        note: option.onlyForTemplate
          ? `Sites ${grid.templates[option.onlyForTemplate].landingLabel.toLowerCase()}`
          : '',
      };
    }),
    { key: 'logo', label: 'Création de logo', price: logoContent, note: 'Payé une fois, à la commande' },
    {
      key: 'content',
      label: 'Rédaction des textes',
      price: logoContent,
      note: 'Payé une fois, à la commande',
    },
    {
      key: 'domain',
      label: 'Nom de domaine',
      price: `dès${NBSP}${euros(Math.min(...Object.values(grid.domainPricesHT)))}${NBSP}HT${NBSP}/${NBSP}an`,
      note: `.fr${NBSP}: ${euros(grid.domainPricesHT['.fr'])}${NBSP}HT${NBSP}/${NBSP}an`,
    },
  ];

  const template = LANDING_SIMULATION_TEMPLATE;
  const yearly = offerPrice(template, 'yearly', grid);
  const monthly = offerPrice(template, 'monthly', grid);
  const monthlyTotalHT = monthly.setupFeesAmount + MONTHS_PER_YEAR * monthly.monthlyAmount;
  const monthlyTotalTTC = monthly.depositWithVat + MONTHS_PER_YEAR * monthly.monthlyWithVat;
  const saving = monthlyTotalTTC - yearly.totalWithVat;
  return {
    version: String(version),
    cards,
    options,
    rhythms: {
      depositPercent: String(grid.depositPercent),
      balancePercent: String(100 - grid.depositPercent),
      monthlyMarkupPercent: String(grid.monthlyMarkupPercent),
    },
    simulation: {
      label: grid.templates[template].landingLabel,
      yearlyTotalHT: formatEurosHT(yearly.totalAmount),
      monthlyTotalHT: `${formatEuros(monthly.setupFeesAmount)} + ${MONTHS_PER_YEAR}${NBSP}×${NBSP}${formatEuros(monthly.monthlyAmount)} = ${formatEurosHT(monthlyTotalHT)}`,
      yearlyTotalTTC: formatEurosTTC(yearly.totalWithVat),
      monthlyTotalTTC: formatEurosTTC(monthlyTotalTTC),
      yearlyPayments:
        yearly.depositWithVat === yearly.remainingWithVat
          ? `2${NBSP}×${NBSP}${formatEuros(yearly.depositWithVat)}`
          : `${formatEuros(yearly.depositWithVat)} + ${formatEuros(yearly.remainingWithVat)}`,
      monthlyPayments: `${formatEuros(monthly.depositWithVat)} de frais de mise en service, puis ${formatEuros(monthly.monthlyWithVat)}${NBSP}/${NBSP}mois`,
      saving: formatEurosTTC(saving),
      savingPercent: String(monthlyTotalTTC > 0 ? roundDiv(Math.max(saving, 0) * 100, monthlyTotalTTC) : 0),
    },
  };
}

const TOKEN = /@@landing:([\w.]+)@@/g;

/**
 * The figures' shape with a token for each leaf (`@@landing:cards.0.annualHT@@`): the build
 * prerenders the page with them, and the server writes the version in force in their place.
 */
export function landingFigureTokens(): LandingFigures {
  const tokens = (value: unknown, path: string): unknown => {
    if (Array.isArray(value)) return value.map((item, i) => tokens(item, `${path}.${i}`));
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [
          key,
          // A card's template names it (a key, never shown): it stays as it is.
          key === 'template' || key === 'key' ? item : tokens(item, path ? `${path}.${key}` : key),
        ]),
      );
    return `@@landing:${path}@@`;
  };
  // The shape does not depend on the prices: any grid gives it.
  return tokens(landingFigures(SHAPE_GRID, 1), '') as LandingFigures;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The prerendered page with `figures` in place of its tokens, and the figures as a data block
 * (`<script type="application/json" id="landing-figures">`, which no browser runs: the CSP
 * allows it) that the page hydrates from. Null when the page holds no token.
 */
export function fillLandingFigures(html: string, figures: LandingFigures): string | null {
  if (!TOKEN.test(html)) return null;
  TOKEN.lastIndex = 0;
  const at = (path: string): string => {
    let value: unknown = figures;
    for (const key of path.split('.')) value = (value as Record<string, unknown> | undefined)?.[key];
    return typeof value === 'string' ? value : '';
  };
  const filled = html.replace(TOKEN, (_, path: string) => escapeHtml(at(path)));
  const data = JSON.stringify(figures).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="${LANDING_FIGURES_ELEMENT}">${data}</script>`;
  return filled.includes('</body>') ? filled.replace('</body>', `${block}</body>`) : filled + block;
}

// Any grid has the figures' shape; this one has one option of each kind (an option reserved to a
// template has a note).
const SHAPE_GRID: LandingFiguresGrid = {
  vatRatePercent: 20,
  depositPercent: 50,
  monthlyMarkupPercent: 30,
  templates: Object.fromEntries(
    TEMPLATE_KEYS.map((key) => [
      key,
      { recapLabel: key, landingLabel: key, monthlyBaseHT: 0, launchFeeHT: 0 },
    ]),
  ) as LandingFiguresGrid['templates'],
  options: Object.fromEntries(
    ADDITIONAL_OPTION_KEYS.map((key) => [key, { label: key, priceHT: 0, period: 'once' }]),
  ) as LandingFiguresGrid['options'],
  logoContentPricesHT: { ai: 0, professional: 0 },
  domainPricesHT: { '.fr': 0 } as LandingFiguresGrid['domainPricesHT'],
};
