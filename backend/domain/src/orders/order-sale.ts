import { freeOptionKeys } from '@coseso/event-schemas/order/order-values';
import { formatEurosHT, formatEurosTTC } from '../pricing/format-euros.js';
import { monthlyPlanAmountHT } from '../pricing/money.js';
import { optionAmountText } from '../pricing/price-lines.js';
import { ADDITIONAL_OPTION_KEYS, ADDITIONAL_OPTIONS, MAINTENANCE } from '../pricing/pricing-grid.js';
import { type OrderView } from './order-view.js';
import { freeOptionLabels, templateFreeOptions, templateLabels } from './wizard.js';

/** One line of what was sold, as the back-office reads it: a label and a French value. */
export interface SaleFact {
  readonly label: string;
  readonly value: string;
}

type SaleInput = Pick<
  OrderView,
  | 'selectedTemplate'
  | 'billingPeriod'
  | 'price'
  | 'additionalOptions'
  | 'hostingOptions'
  | 'freeOptions'
  | 'hostingOption'
  | 'domainOption'
  | 'existingDomain'
  | 'desiredDomain'
  | 'selectedDomain'
  | 'inspirationUrl'
  | 'customInspiration'
  | 'accountManager'
  | 'accountManagerOffer'
>;

export const billingPeriodNames = { yearly: 'Paiement annuel', monthly: 'Abonnement mensuel' } as const;

const yesNo = (chosen: boolean | undefined, whenChosen: string) => (chosen ? whenChosen : 'Non');

/**
 * What the order sells, every option by name with its price from the pricing module (the price the
 * server computed at completion; before it, the grid's), for the back-office's panel.
 */
export function saleFacts(order: SaleInput): SaleFact[] {
  const period = order.price?.billingPeriod ?? order.billingPeriod;
  const template = order.selectedTemplate;
  const priced = order.price?.options ?? [];
  const pricedLine = (key: string) => priced.find((option) => option.key === key);
  const facts: SaleFact[] = [];
  const add = (label: string, value: string | null | undefined) => {
    if (value) facts.push({ label, value });
  };

  add('Formule', period ? billingPeriodNames[period] : 'À choisir');
  add('Modèle', template ? `${templateLabels[template].name}${templatePriceText(order.price)}` : null);

  // Once priced, the options are the price's lines (what the contract names); before, the ticked ones at the grid's price.
  const options = order.price
    ? priced
        .filter((option) => (ADDITIONAL_OPTION_KEYS as readonly string[]).includes(option.key))
        .map((option) => `${option.label} (${optionAmountText(option)})`)
    : ADDITIONAL_OPTION_KEYS.filter((key) => order.additionalOptions?.[key]).map(
        (key) =>
          `${ADDITIONAL_OPTIONS[key].label} (${optionAmountText({ amountHT: ADDITIONAL_OPTIONS[key].priceHT, period: ADDITIONAL_OPTIONS[key].period })})`,
      );
  add('Options payantes', options.length > 0 ? options.join('\n') : 'Aucune');

  for (const key of ['logo', 'content'] as const) {
    const line = pricedLine(key);
    if (line)
      add(
        key === 'logo' ? 'Création du logo' : 'Rédaction des contenus',
        `${line.label} (${optionAmountText(line)})`,
      );
  }

  add(
    'Hébergement',
    order.hostingOption === 'client' ? 'Hébergement autonome (par le client)' : 'Hébergement Coseso (inclus)',
  );
  const domainLine = pricedLine('domain');
  add(
    'Nom de domaine',
    order.domainOption === 'have'
      ? order.existingDomain
        ? `${order.existingDomain} (déjà au client)`
        : 'Déjà au client (non renseigné)'
      : domainLine
        ? `${order.desiredDomain || domainLine.label} à réserver (${optionAmountText(domainLine)})`
        : order.desiredDomain
          ? `${order.desiredDomain} à réserver`
          : 'À réserver (non renseigné)',
  );
  // Sold apart before it was included in the hosting: such a sale keeps its priced line.
  const maintenance = pricedLine('maintenanceMonthly');
  add(
    MAINTENANCE.label,
    maintenance
      ? optionAmountText(maintenance)
      : order.hostingOptions?.hostingType === 'autonomous'
        ? null
        : 'Incluse dans l’hébergement Coseso',
  );
  add('Adresses email personnalisées', yesNo(order.hostingOptions?.customEmails, 'Oui, sans supplément'));
  add('Sauvegarde mensuelle', yesNo(order.hostingOptions?.backupMonthly, 'Oui, sans supplément'));
  // At the order's catalogue version, as it was charged.
  const manager = order.accountManagerOffer;
  add(
    manager?.label ?? 'Chargé de compte dédié',
    order.accountManager && manager
      ? `Oui (${optionAmountText({ amountHT: manager.yearlyPriceHT, period: 'yearly' })})`
      : null,
  );

  const included = (template ? templateFreeOptions[template] : freeOptionKeys).filter(
    (key) => order.freeOptions?.[key],
  );
  add(
    'Fonctionnalités incluses',
    included.length > 0 ? included.map((key) => freeOptionLabels[key]).join(', ') : null,
  );
  add("Site d'inspiration", order.inspirationUrl?.trim());
  add('Ambiance souhaitée', order.customInspiration?.trim());
  return facts;
}

/**
 * What the order pays for its template alone: a year of it, or on the monthly plan the month the
 * pricing module charges for it (the year marked up and spread over twelve months).
 */
function templatePriceText(price: SaleInput['price']): string {
  if (!price) return '';
  return price.billingPeriod === 'monthly'
    ? ` (${optionAmountText({ amountHT: monthlyPlanAmountHT(price.basePrice), period: 'monthly' })})`
    : ` (${optionAmountText({ amountHT: price.basePrice, period: 'yearly' })})`;
}

/** One amount of the order, always said with its tax basis (HT, TTC, or both). */
export interface SaleAmount {
  readonly key: 'total' | 'deposit' | 'balance' | 'setup_fee' | 'monthly';
  readonly label: string;
  readonly text: string;
}

const both = (ht: number, ttc: number) => `${formatEurosHT(ht)}, soit ${formatEurosTTC(ttc)}`;

/**
 * The order's amounts as the panel lists them, each labelled HT or TTC. A monthly order commits to
 * its setup fee and then a monthly amount: no « total » adds the two.
 */
export function saleAmounts(price: OrderView['price']): SaleAmount[] {
  if (!price) return [];
  if (price.billingPeriod === 'yearly') {
    return [
      {
        key: 'total',
        label: 'Total de la première année',
        text: both(price.totalAmount, price.totalWithVat),
      },
      { key: 'deposit', label: 'Acompte (50 %)', text: both(price.depositAmount, price.depositWithVat) },
      { key: 'balance', label: 'Solde (50 %)', text: both(price.remainingAmount, price.remainingWithVat) },
    ];
  }
  return [
    {
      key: 'setup_fee',
      label: 'Frais de mise en service',
      text: both(price.setupFeesAmount, price.depositWithVat),
    },
    {
      key: 'monthly',
      label: 'Mensualité',
      text: `${both(price.monthlyAmount, price.monthlyWithVat)} par mois`,
    },
  ];
}
