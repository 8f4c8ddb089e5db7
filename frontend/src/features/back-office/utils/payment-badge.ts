import { type BadgeTone } from '@/ui/badge';

export interface PaidFlags {
  billingPeriod?: string | null;
  depositPaid: boolean;
  finalPaid: boolean;
}

/**
 * What the client has paid, for the badge beside the status (a paid order and an unpaid one must
 * not read alike): the first payment is the deposit (yearly) or the setup fee (monthly), the last
 * one the balance or the first month.
 */
export function paymentBadge({ billingPeriod, depositPaid, finalPaid }: PaidFlags): {
  label: string;
  tone: BadgeTone;
} {
  const monthly = billingPeriod === 'monthly';
  if (finalPaid) return { label: monthly ? 'Premier mois payé' : 'Solde payé', tone: 'success' };
  if (depositPaid)
    return { label: monthly ? 'Frais de mise en service payés' : 'Acompte payé', tone: 'primary' };
  return { label: 'Aucun paiement', tone: 'warning' };
}

export const billingLabel = (billingPeriod: string | null | undefined) =>
  billingPeriod === 'monthly' ? 'Mensuel' : billingPeriod === 'yearly' ? 'Annuel' : 'Formule à choisir';
