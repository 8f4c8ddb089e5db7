import { type OrderForm, templateKeys } from '@coseso/event-schemas/order/order-values';
import { templateFreeOptions } from './template-features.js';

export type { OrderForm };

const nestedKeys = ['additionalOptions', 'hostingOptions', 'freeOptions'] as const;
type NestedKey = (typeof nestedKeys)[number];
const isNested = (key: string): key is NestedKey => (nestedKeys as readonly string[]).includes(key);

/** Values the wizard starts from (spec §3): applied when the order is completed, so the event log holds them explicitly. */
export const orderFormDefaults = {
  creationOption: 'wordpress',
  selectedStyle: 'colorful',
  fontFamily: 'modern',
  primaryColor: '#3b82f6',
  secondaryColor: '#10b981',
  logoOption: 'client',
  contentOption: 'client',
  billingPeriod: 'yearly',
  hostingOptions: { hostingType: 'included', dnsType: 'new', domainExtension: '.fr' },
} as const satisfies OrderForm;

/** `base` overlaid with `changes`; the three option groups merge flag by flag. */
export function mergeForm(base: OrderForm, changes: OrderForm): OrderForm {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    merged[key] = isNested(key) ? { ...(base[key] ?? {}), ...(value as object) } : value;
  }
  return merged as OrderForm;
}

/**
 * Only what `next` changes in `current`, at the granularity of one field or one option flag. An
 * answer left blank is no answer: '' or false or null over a field never set is not a change.
 */
export function diffForm(current: OrderForm, next: OrderForm): OrderForm {
  const diff: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined) continue;
    const before = (current as Record<string, unknown>)[key];
    if (isNested(key)) {
      const changed = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).filter(
          ([flag, v]) =>
            v !== undefined && !sameValue((before as Record<string, unknown> | undefined)?.[flag], v),
        ),
      );
      if (Object.keys(changed).length > 0) diff[key] = changed;
    } else if (!sameValue(before, value)) {
      diff[key] = value;
    }
  }
  return diff as OrderForm;
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '' || value === false;

const sameValue = (a: unknown, b: unknown) =>
  a === b ||
  (isBlank(a) && isBlank(b)) ||
  (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b));

export const isEmptyForm = (form: OrderForm) => Object.keys(form).length === 0;

/** Consent ticks are not the order's content: changing them after completion does not reopen the form. */
const consentFields = new Set(['termsAccepted', 'marketingConsent']);
export const changesContent = (diff: OrderForm) => Object.keys(diff).some((key) => !consentFields.has(key));

/**
 * The form as it will be priced and contracted: defaults under what the visitor chose. Features
 * never chosen are the template's included ones, as the wizard ticks them.
 */
export function withDefaults(form: OrderForm): OrderForm {
  const merged = mergeForm(orderFormDefaults, form);
  const template = merged.selectedTemplate;
  if (Object.keys(merged.freeOptions ?? {}).length > 0 || !template || !templateKeys.includes(template))
    return merged;
  return {
    ...merged,
    freeOptions: Object.fromEntries(templateFreeOptions[template].map((key) => [key, true])),
  };
}
