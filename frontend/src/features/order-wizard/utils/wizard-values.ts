import {
  type AdditionalOptionKey,
  type FreeOptionKey,
  type TemplateKey,
  additionalOptionKeys,
  freeOptionKeys,
  templateKeys,
} from '@coseso/event-schemas/order/order-values';
import { type OrderForm, withDefaults } from '@coseso/domain/orders/order-form';
import { type OrderView } from '@coseso/domain/orders/order-view';
import { templateFreeOptions } from '@coseso/domain/orders/wizard';

type Defined<K extends keyof OrderForm> = NonNullable<OrderForm[K]>;
type HostingOptions = Defined<'hostingOptions'>;

/** The wizard's form state: every field present, so that each input is controlled from the start. */
export interface WizardValues {
  companyName: string;
  companySector: string;
  companyAddress: string;
  companyId: string;
  contactFirstName: string;
  contactLastName: string;
  contactPosition: string;
  contactEmail: string;
  contactPhone: string;
  socialMedia: string;
  creationOption: Defined<'creationOption'>;
  selectedTemplate: TemplateKey | null;
  selectedStyle: Defined<'selectedStyle'>;
  fontFamily: Defined<'fontFamily'>;
  primaryColor: string;
  secondaryColor: string;
  inspirationUrl: string;
  customInspiration: string;
  logoOption: Defined<'logoOption'>;
  contentOption: Defined<'contentOption'>;
  additionalOptions: Record<AdditionalOptionKey, boolean>;
  freeOptions: Record<FreeOptionKey, boolean>;
  hostingOptions: {
    hostingType: NonNullable<HostingOptions['hostingType']>;
    dnsType: NonNullable<HostingOptions['dnsType']>;
    newDomainName: string;
    domainExtension: NonNullable<HostingOptions['domainExtension']>;
    existingDomain: string;
    maintenanceMonthly: boolean;
    customEmails: boolean;
    backupMonthly: boolean;
  };
  selectedDomain: { domain: string; price: number } | null;
  billingPeriod: Defined<'billingPeriod'>;
  clientRemarks: string;
  termsAccepted: boolean;
  marketingConsent: boolean;
}

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

const isTemplate = (value: unknown): value is TemplateKey =>
  typeof value === 'string' && (templateKeys as readonly string[]).includes(value);

/** The features a template includes, all ticked: what choosing the template gives by default. */
export function includedFreeOptions(template: TemplateKey | null): Record<FreeOptionKey, boolean> {
  const included = new Set<FreeOptionKey>(template ? templateFreeOptions[template] : []);
  return Object.fromEntries(freeOptionKeys.map((key) => [key, included.has(key)])) as Record<
    FreeOptionKey,
    boolean
  >;
}

/** The wizard's starting values: the order's saved answers over the wizard's defaults. */
export function toWizardValues(order: OrderView): WizardValues {
  const form = withDefaults(order);
  const hosting = form.hostingOptions ?? {};
  const template = isTemplate(form.selectedTemplate) ? form.selectedTemplate : null;
  // withDefaults ticks the template's included features when none were chosen, as the server does.
  const savedFreeOptions = form.freeOptions ?? {};
  const freeOptions = Object.fromEntries(
    freeOptionKeys.map((key) => [key, savedFreeOptions[key] === true]),
  ) as Record<FreeOptionKey, boolean>;

  return {
    companyName: form.companyName ?? '',
    companySector: form.companySector ?? '',
    companyAddress: form.companyAddress ?? '',
    companyId: form.companyId ?? '',
    contactFirstName: form.contactFirstName ?? '',
    contactLastName: form.contactLastName ?? '',
    contactPosition: form.contactPosition ?? '',
    contactEmail: form.contactEmail ?? '',
    contactPhone: form.contactPhone ?? '',
    socialMedia: form.socialMedia ?? '',
    creationOption: form.creationOption ?? 'wordpress',
    selectedTemplate: template,
    selectedStyle: form.selectedStyle ?? 'colorful',
    fontFamily: form.fontFamily ?? 'modern',
    primaryColor: form.primaryColor ?? '#3b82f6',
    secondaryColor: form.secondaryColor ?? '#10b981',
    inspirationUrl: form.inspirationUrl ?? '',
    customInspiration: form.customInspiration ?? '',
    logoOption: form.logoOption ?? 'client',
    contentOption: form.contentOption ?? 'client',
    additionalOptions: Object.fromEntries(
      additionalOptionKeys.map((key) => [key, form.additionalOptions?.[key] === true]),
    ) as Record<AdditionalOptionKey, boolean>,
    freeOptions,
    hostingOptions: {
      hostingType: hosting.hostingType ?? 'included',
      dnsType: hosting.dnsType ?? 'new',
      newDomainName: hosting.newDomainName ?? '',
      domainExtension: hosting.domainExtension ?? '.fr',
      existingDomain: hosting.existingDomain ?? '',
      maintenanceMonthly: hosting.maintenanceMonthly === true,
      customEmails: hosting.customEmails === true,
      backupMonthly: hosting.backupMonthly === true,
    },
    selectedDomain: form.selectedDomain ?? null,
    // Not chosen at step 8 yet (the defaults' yearly is no choice): the rhythm of the offer picked on
    // /pricing, a monthly plan, else the defaults'.
    billingPeriod:
      order.billingPeriod ??
      (order.billingCycle === 'monthly' ? 'monthly' : (form.billingPeriod ?? 'yearly')),
    clientRemarks: form.clientRemarks ?? '',
    termsAccepted: form.termsAccepted === true,
    marketingConsent: form.marketingConsent === true,
  };
}

/**
 * The form data the API receives. Colours are left out while they are not #rrggbb: the API refuses
 * a whole save for one half-typed colour.
 */
export function toOrderForm(values: WizardValues): OrderForm {
  const { selectedTemplate, primaryColor, secondaryColor, ...rest } = values;
  return {
    ...rest,
    ...(isTemplate(selectedTemplate) ? { selectedTemplate } : {}),
    ...(HEX_COLOR.test(primaryColor) ? { primaryColor } : {}),
    ...(HEX_COLOR.test(secondaryColor) ? { secondaryColor } : {}),
    additionalOptions: { ...values.additionalOptions },
    freeOptions: { ...values.freeOptions },
    hostingOptions: { ...values.hostingOptions },
    selectedDomain: values.selectedDomain ? { ...values.selectedDomain } : null,
  };
}

/** A comparable fingerprint of what the order contains, consent ticks aside (they do not reopen it). */
export function contentFingerprint(form: OrderForm): string {
  const { termsAccepted: _terms, marketingConsent: _marketing, ...content } = form;
  return JSON.stringify(content);
}
