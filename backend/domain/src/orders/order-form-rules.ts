import { type OrderForm } from './order-form.js';
import { normalizeWebUrl } from './url.js';

// A practical address check (the spec only says "Email invalide"): one @, a dotted domain, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const filled = (value: string | undefined) => (value ?? '').trim() !== '';

/** The longest address an email can have (RFC 5321 path limit), checked by the forms and the API. */
export const EMAIL_MAX_LENGTH = 254;

export const isValidEmail = (email: string) => EMAIL.test(email.trim()) && email.length <= EMAIL_MAX_LENGTH;

/**
 * The rules a completed wizard must satisfy, with the spec's French messages. Returns one message
 * per faulty field, keyed by the field's path; empty when the form can be completed.
 */
export function completionProblems(form: OrderForm): Record<string, string> {
  const problems: Record<string, string> = {};
  const check = (field: string, ok: boolean, message: string) => {
    if (!ok && !(field in problems)) problems[field] = message;
  };

  check('companyName', filled(form.companyName), "Le nom de l'entreprise est requis");
  check('companySector', filled(form.companySector), "Le secteur d'activité est requis");
  check('contactFirstName', filled(form.contactFirstName), 'Le prénom est requis');
  check('contactLastName', filled(form.contactLastName), 'Le nom est requis');
  check('contactEmail', isValidEmail(form.contactEmail ?? ''), 'Email invalide');
  if (filled(form.companyId)) {
    check(
      'companyId',
      /^(\d{9}|\d{14})$/.test(form.companyId!.replace(/\s/g, '')),
      'Le SIREN (9 chiffres) ou SIRET (14 chiffres) est invalide',
    );
  }
  check(
    'creationOption',
    form.creationOption === 'wordpress',
    'La Solution Express est bientôt disponible : choisissez la Solution Premium',
  );
  check('selectedTemplate', form.selectedTemplate !== undefined, 'Veuillez choisir un type de site');
  if (filled(form.inspirationUrl)) {
    check('inspirationUrl', normalizeWebUrl(form.inspirationUrl!) !== null, 'URL invalide');
  }
  check('billingPeriod', form.billingPeriod !== undefined, 'Veuillez choisir un rythme de paiement');
  check(
    'additionalOptions.ecommercePro',
    !form.additionalOptions?.ecommercePro || form.selectedTemplate === 'ecommerce',
    'Option réservée aux sites e-commerce',
  );
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
