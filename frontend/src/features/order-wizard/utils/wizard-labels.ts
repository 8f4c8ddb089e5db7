import { type WizardValues } from './wizard-values';

export const hostingTypeLabels: Record<WizardValues['hostingOptions']['hostingType'], string> = {
  included: 'Hébergement Coseso',
  autonomous: 'Hébergement autonome',
};

export const dnsTypeLabels: Record<WizardValues['hostingOptions']['dnsType'], string> = {
  new: 'Je réserve un nouveau nom de domaine',
  existing: "J'ai déjà un nom de domaine",
};

export const billingPeriodLabels: Record<WizardValues['billingPeriod'], string> = {
  yearly: 'Paiement annuel',
  monthly: 'Abonnement mensuel',
};

export const hostingExtraLabels = {
  customEmails: 'Adresses email personnalisées',
  backupMonthly: 'Sauvegarde mensuelle',
} as const;
