import { type PaymentProviderKey } from '@coseso/event-schemas/order/order-keys';
import { formatEuros, formatEurosHT, formatEurosTTC } from '../pricing/format-euros.js';
import { ADDITIONAL_OPTIONS } from '../pricing/pricing-grid.js';
import { emailLabel } from './email-failures.js';
import {
  briefFileCategoryLabel,
  briefFileCategoryLabels,
  orderSourceLabels,
  paymentProviderLabels,
} from './order-value-labels.js';
import { orderStateLabels, orderStateRank } from './order-state-labels.js';
import { adminStatusLabels } from './order-status.js';
import { paymentPurposeLabels, refundPurposeLabels } from './payment-labels.js';
import {
  assetOptionLabels,
  creationOptionLabels,
  fontLabels,
  freeOptionLabels,
  styleLabels,
  templateLabels,
} from './wizard.js';

/** One line of an order's state as staff read it: a French label and its value, formatted. */
export interface StateFact {
  readonly key: string;
  readonly label: string;
  readonly value: string;
}

/** A field that differs between two points in time. */
export interface FactChange {
  readonly key: string;
  readonly label: string;
  readonly before: string;
  readonly after: string;
}

/** Who the ids of the state name (the history knows its actors' names, the state only their ids). */
export type NameOf = (id: string) => string | undefined;

// Bookkeeping that says nothing to a person reading the order.
const hidden = [
  /^exists$/,
  /^orderId$/,
  /^lastActivityAt$/,
  // When the status was entered: the status's own change already dates it.
  /^statusSince$/,
  /^currentStep$/,
  /^checkouts(\.|$)/,
  /\.storedName$/,
  /\.providerEventId$/,
  /^review\.approval\.sessionRef$/,
  // What each renewal paid, kept for its refund: the count of renewals already says it to a person.
  /^subscription\.renewalPayments(\.|$)/,
];
export const isHiddenStateField = (path: string): boolean => hidden.some((pattern) => pattern.test(path));

const paymentLabels: Record<string, string> = {
  firstPayment: '1er paiement',
  finalPayment: 'Paiement final',
  accountManagerPayment: 'Paiement du chargé de compte',
};

/**
 * The families of fields named after their key (an option, a feature, a payment's details): the
 * table of `order-state-labels` names the others one by one.
 */
const familyLabels: readonly [RegExp, (match: RegExpExecArray) => string | undefined][] = [
  [
    /^form\.additionalOptions\.(\w+)$/,
    ([, key]) => {
      const option = ADDITIONAL_OPTIONS[key as keyof typeof ADDITIONAL_OPTIONS];
      return option && `Option : ${option.label}`;
    },
  ],
  [
    /^form\.freeOptions\.(\w+)$/,
    ([, key]) => {
      const feature = freeOptionLabels[key as keyof typeof freeOptionLabels];
      return feature && `Fonctionnalité : ${feature}`;
    },
  ],
  [
    /^(firstPayment|finalPayment|accountManagerPayment)\.(payment\.)?(\w+)$/,
    ([, payment, , field]) => {
      const what = {
        kind: 'nature',
        amount: 'montant',
        paidAt: 'date',
        provider: 'moyen de paiement',
        paymentId: 'référence',
        receivedOn: 'reçu le',
        means: 'reçu par',
      }[field!];
      return what && `${paymentLabels[payment!]} : ${what}`;
    },
  ],
];

/** A field's French label; null for a field nobody named yet (the history then says so in French). */
export function stateFieldLabel(path: string): string | null {
  const own = orderStateLabels[path];
  if (own) return own;
  for (const [pattern, label] of familyLabels) {
    const match = pattern.exec(path);
    const named = match && label(match);
    if (named) return named;
  }
  return null;
}

/** The label of a field, or a French line naming its nearest known parent: never the raw key. */
function labelOf(path: string): string {
  const own = stateFieldLabel(path);
  if (own) return own;
  const parts = path.split('.');
  for (let n = parts.length - 1; n > 0; n--) {
    const parent = stateFieldLabel(parts.slice(0, n).join('.'));
    if (parent) return `${parent} : autre information`;
  }
  return 'Autre information de la commande';
}

const names = <K extends string>(table: Record<K, { name: string }>) =>
  Object.fromEntries(Object.entries<{ name: string }>(table).map(([key, { name }]) => [key, name]));
const periods = { yearly: 'Annuel', monthly: 'Mensuel' };

/** The French words of each field that holds a key of a list. */
const valueLabels: Record<string, Record<string, string>> = {
  status: adminStatusLabels,
  'cancellation.previousStatus': adminStatusLabels,
  'cancellation.guaranteeRefund': {
    requested: 'paiements par carte remboursés',
    declined: 'aucun remboursement',
    none_due: 'rien à rembourser par le prestataire',
    legacy: 'avoir sans remboursement (avant décembre 2026)',
  },
  source: orderSourceLabels,
  'form.billingPeriod': periods,
  'price.billingPeriod': periods,
  'pricingSelection.billingCycle': periods,
  'pricingSelection.planType': { 'one-time': 'Paiement unique', subscription: 'Abonnement' },
  'pricingSelection.subscriptionPlan': { starter: 'Starter', business: 'Business', premium: 'Premium' },
  'form.selectedTemplate': names(templateLabels),
  'form.selectedStyle': names(styleLabels),
  'form.fontFamily': names(fontLabels),
  'form.creationOption': names(creationOptionLabels),
  'form.logoOption': assetOptionLabels.logo,
  'form.contentOption': assetOptionLabels.content,
  'form.hostingOptions.hostingType': { included: 'Inclus', autonomous: 'Géré par le client' },
  'form.hostingOptions.dnsType': { new: 'Nouveau, à réserver', existing: 'Déjà au client' },
  'review.status': {
    pending: 'En attente',
    approved: 'Validée',
    changes_requested: 'Modifications demandées',
  },
  'subscription.status': { none: 'Aucun', active: 'Actif', cancelled: 'Résilié' },
  'firstPayment.kind': { deposit: 'Acompte', setup_fee: 'Frais de mise en service' },
  'finalPaymentDue.kind': { balance: 'Solde', first_monthly: 'Premier mois' },
};
const valueLabelsByLastKey: Record<string, Record<string, string>> = {
  provider: paymentProviderLabels satisfies Record<PaymentProviderKey, string>,
  purpose: refundPurposeLabels,
  category: briefFileCategoryLabels,
};

// Amounts are in cents everywhere, each said HT or TTC after what it is: the price's lines before
// VAT, the rest (what was paid or is due, what a month costs) as the bank charges it.
const amountHT =
  /^(price\.(basePrice|launchFees|monthlySubscription|totalAmount|depositAmount|remainingAmount|setupFeesAmount|monthlyAmount)|pricingSelection\.(totalAmount|basePrice)|form\.selectedDomain\.price|terms\.accountManager\.yearlyPriceHT)$/;
const amountTTC = /(WithVat|^(firstPayment|finalPayment|accountManagerPayment|finalPaymentDue)\.amount)$/;
const vat = /^price\.vatAmount$/;
const percent = /^terms\.(depositPercent|monthlyMarkupPercent)$/;

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const dateTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'medium',
  timeZone: 'Europe/Paris',
});
const day = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' });
const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

const frenchDate = (value: string) => {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return ISO_DAY.test(value) ? day.format(date) : dateTime.format(date);
};

type Item = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const cents = (value: unknown) => (typeof value === 'number' ? formatEurosTTC(value) : '—');

/** The lists of the state, each item in one French phrase. */
const listItems: Record<string, (item: Item) => string> = {
  'brief.files': (file) => `${text(file.originalName)} (${briefFileCategoryLabel(text(file.category))})`,
  refunds: (refund) =>
    `${cents(refund.amount)} (${paymentPurposeLabels[text(refund.purpose) as keyof typeof paymentPurposeLabels] ?? 'paiement'}) remboursé le ${frenchDate(text(refund.refundedAt))}`,
  'review.rounds': (round) =>
    `tour ${String(round.round)} : ${
      round.decision === 'approved'
        ? 'validée'
        : round.decision === 'changes_requested'
          ? 'modifications demandées'
          : 'sans réponse'
    }`,
  emailFailures: (failure) => `« ${emailLabel(text(failure.template))} » non remis`,
  unopenedCheckoutPayments: (payment) =>
    `${cents(payment.amount)} signalé le ${frenchDate(text(payment.receivedAt))}, non enregistré`,
  refundRequests: (request) =>
    `${cents(request.amount)} demandé le ${frenchDate(text(request.requestedAt))}${request.failed ? ' (échec)' : ''}`,
  returnedPayments: (payment) =>
    `${cents(payment.amount)} (${refundPurposeLabels[text(payment.purpose) as keyof typeof refundPurposeLabels] ?? 'paiement'}) payé le ${frenchDate(text(payment.paidAt))}, remboursé`,
  'price.options': (option) =>
    `${text(option.label)} (${typeof option.amountHT === 'number' ? formatEurosHT(option.amountHT) : '—'})`,
};

function formatList(key: string, items: readonly unknown[]): string {
  if (items.length === 0) return 'Aucun';
  if (key === 'subscription.renewalPaymentIds')
    return plural(items.length, 'renouvellement', 'renouvellements');
  const phrase = listItems[key];
  if (phrase && items.every((item) => item && typeof item === 'object'))
    return items.map((item) => phrase(item as Item)).join(', ');
  if (items.every((item) => typeof item === 'string' || typeof item === 'number'))
    return items.map(String).join(', ');
  return plural(items.length, 'élément', 'éléments');
}

/** Whoever an id of the state names, never the id itself. */
function named(key: string, value: string, nameOf: NameOf): string {
  if (key === 'review.approval.approvedBy') return 'Le client';
  if (key === 'clientId') return 'Compte client créé';
  if (/By$/.test(key)) return nameOf(value) ?? 'Un administrateur';
  return value.replace(UUID, (id) => nameOf(id) ?? '(identifiant interne)');
}

/** A value of the state in French: words for keys of a list, amounts HT or TTC, dates, Oui/Non. */
export function formatStateValue(key: string, value: unknown, nameOf: NameOf = () => undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  const last = key.slice(key.lastIndexOf('.') + 1);
  const word = (valueLabels[key] ?? valueLabelsByLastKey[last])?.[String(value)];
  if (word) return word;
  if (typeof value === 'number') {
    if (amountHT.test(key)) return formatEurosHT(value);
    if (amountTTC.test(key)) return formatEurosTTC(value);
    if (vat.test(key)) return formatEuros(value);
    if (percent.test(key)) return `${value}\u00a0%`;
    return String(value);
  }
  if (Array.isArray(value)) return formatList(key, value);
  if (typeof value === 'object') return plural(Object.keys(value).length, 'élément', 'éléments');
  const string = String(value);
  if (ISO_DATE_TIME.test(string) || ISO_DAY.test(string)) return frenchDate(string);
  return named(key, string, nameOf);
}

function flatten(value: unknown, prefix: string, out: Map<string, unknown>): void {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
    return;
  }
  if (prefix) out.set(prefix, value);
}

/** Every field of the state as a dot path and its value (lists whole), bookkeeping included. */
export function stateFields(state: unknown): Map<string, unknown> {
  const flat = new Map<string, unknown>();
  flatten(state, '', flat);
  return flat;
}

/** The order's state as labelled, formatted lines: the known fields first, in reading order. */
export function stateFacts(state: unknown, nameOf?: NameOf): StateFact[] {
  return [...stateFields(state).entries()]
    .filter(([key]) => !isHiddenStateField(key))
    .sort(([a], [b]) => orderStateRank(a) - orderStateRank(b) || a.localeCompare(b))
    .map(([key, value]) => ({ key, label: labelOf(key), value: formatStateValue(key, value, nameOf) }));
}

/** What differs from `before` to `after`, field by field, as people read it (one code for a step and for any two points). */
export function diffStates(before: unknown, after: unknown, nameOf?: NameOf): FactChange[] {
  const was = new Map(stateFacts(before, nameOf).map((fact) => [fact.key, fact]));
  const now = new Map(stateFacts(after, nameOf).map((fact) => [fact.key, fact]));
  const keys = [...new Set([...now.keys(), ...was.keys()])].sort(
    (a, b) => orderStateRank(a) - orderStateRank(b) || a.localeCompare(b),
  );
  return keys.flatMap((key) => {
    const from = was.get(key)?.value ?? '—';
    const to = now.get(key)?.value ?? '—';
    return from === to ? [] : [{ key, label: labelOf(key), before: from, after: to }];
  });
}
