import { type PaymentBadge } from '@coseso/domain/orders/admin-order-view';
import { type BadgeTone } from '@/ui/badge';

export const billingLabel = (billingPeriod: string | null | undefined) =>
  billingPeriod === 'monthly' ? 'Mensuel' : billingPeriod === 'yearly' ? 'Annuel' : 'Formule à choisir';

export const paymentTones: Record<PaymentBadge['stage'], BadgeTone> = {
  unpaid: 'warning',
  first_paid: 'primary',
  paid_in_full: 'success',
};
