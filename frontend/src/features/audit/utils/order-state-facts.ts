import { adminStatusLabels, type OrderStatus } from '@coseso/domain/orders/order-status';
import { orderStateLabel, orderStateRank } from '@coseso/domain/orders/order-state-labels';
import { formatEuros } from '@coseso/domain/pricing/format-euros';

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

// Bookkeeping that says nothing to a person reading the order.
const hidden = [
  /^exists$/,
  /^orderId$/,
  /^lastActivityAt$/,
  /^currentStep$/,
  /^checkouts\./,
  /\.storedName$/,
];

const valueLabels: Record<string, Record<string, string>> = {
  'review.status': {
    pending: 'En attente',
    approved: 'Validée',
    changes_requested: 'Modifications demandées',
  },
  'subscription.status': { none: 'Aucun', active: 'Actif', cancelled: 'Résilié' },
  'form.billingPeriod': { yearly: 'Annuel', monthly: 'Mensuel' },
  'price.billingPeriod': { yearly: 'Annuel', monthly: 'Mensuel' },
  'firstPayment.kind': { deposit: 'Acompte', setup_fee: 'Frais de mise en service' },
  'finalPaymentDue.kind': { balance: 'Solde', first_monthly: 'Premier mois' },
};

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'medium' });
// Amounts are in cents everywhere (docs/architecture.md §6), named after what they are.
const isAmount = (key: string) => /(amount|Amount|WithVat|Price|Fees|price|Subscription)$/.test(key);

function formatValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (key === 'status' || key.endsWith('previousStatus'))
    return adminStatusLabels[value as OrderStatus] ?? String(value);
  const named = valueLabels[key]?.[String(value)];
  if (named) return named;
  if (typeof value === 'number') return isAmount(key) ? formatEuros(value) : String(value);
  if (typeof value === 'string' && ISO_DATE_TIME.test(value)) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : dateTime.format(date);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return 'Aucun';
    return value
      .map((item) =>
        item && typeof item === 'object' && 'originalName' in item
          ? String((item as { originalName: unknown }).originalName)
          : typeof item === 'object'
            ? JSON.stringify(item)
            : String(item),
      )
      .join(', ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function flatten(value: unknown, prefix: string, out: Map<string, unknown>): void {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
    return;
  }
  if (prefix) out.set(prefix, value);
}

const labelOf = (key: string) => orderStateLabel(key) ?? key;

/** The order's state as labelled, formatted lines: the known fields first, in reading order. */
export function stateFacts(state: unknown): StateFact[] {
  const flat = new Map<string, unknown>();
  flatten(state, '', flat);
  return [...flat.entries()]
    .filter(([key]) => !hidden.some((pattern) => pattern.test(key)))
    .sort(([a], [b]) => orderStateRank(a) - orderStateRank(b) || a.localeCompare(b))
    .map(([key, value]) => ({ key, label: labelOf(key), value: formatValue(key, value) }));
}

/** What differs from `before` to `after`, field by field, as people read it (one code for a step and for any two points). */
export function diffStates(before: unknown, after: unknown): FactChange[] {
  const was = new Map(stateFacts(before).map((fact) => [fact.key, fact]));
  const now = new Map(stateFacts(after).map((fact) => [fact.key, fact]));
  const keys = [...new Set([...now.keys(), ...was.keys()])].sort(
    (a, b) => orderStateRank(a) - orderStateRank(b) || a.localeCompare(b),
  );
  return keys.flatMap((key) => {
    const from = was.get(key)?.value ?? '—';
    const to = now.get(key)?.value ?? '—';
    return from === to ? [] : [{ key, label: labelOf(key), before: from, after: to }];
  });
}
