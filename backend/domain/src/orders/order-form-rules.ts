import { type OrderForm } from './order-form.js';
import { fieldProblems } from './order-field-rules.zod.js';

export { EMAIL_MAX_LENGTH, isValidEmail } from './order-field-rules.js';

const filled = (value: string | undefined) => (value ?? '').trim() !== '';

/**
 * The rules a completed wizard must satisfy, with the spec's French messages: each field's own rules
 * (the rule table), then the rules between fields. Returns one message per faulty field, keyed by
 * the field's path; empty when the form can be completed.
 */
export function completionProblems(form: OrderForm): Record<string, string> {
  const problems: Record<string, string> = fieldProblems(form, 'completion');
  const check = (field: string, ok: boolean, message: string) => {
    if (!ok && !(field in problems)) problems[field] = message;
  };

  check(
    'creationOption',
    form.creationOption === 'wordpress',
    'La Solution Express est bientôt disponible : choisissez la Solution Premium',
  );
  check(
    'additionalOptions.ecommercePro',
    !form.additionalOptions?.ecommercePro || form.selectedTemplate === 'ecommerce',
    'Option réservée aux sites e-commerce',
  );
  // « Je n'ai pas de logo / de textes » only opens the solutions: one of them must be chosen.
  check('logoOption', form.logoOption !== 'dont_have', 'Choisissez une solution pour votre logo');
  check('contentOption', form.contentOption !== 'dont_have', 'Choisissez une solution pour vos textes');
  const autonomous = form.hostingOptions?.hostingType === 'autonomous';
  check(
    'hostingOptions.maintenanceMonthly',
    !(autonomous && form.hostingOptions?.maintenanceMonthly),
    "La maintenance mensuelle n'est disponible que pour l'hébergement Coseso",
  );
  check(
    'billingPeriod',
    !(autonomous && form.billingPeriod === 'monthly'),
    'Non disponible avec hébergement autonome',
  );
  const dns = form.hostingOptions?.dnsType;
  if (dns === 'existing') {
    check(
      'hostingOptions.existingDomain',
      filled(form.hostingOptions?.existingDomain),
      'Indiquez votre nom de domaine actuel',
    );
  }
  return problems;
}
