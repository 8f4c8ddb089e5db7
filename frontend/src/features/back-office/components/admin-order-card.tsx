import { adminStatusLabels } from '@coseso/domain/orders/order-status';
import { WIZARD_STEP_COUNT } from '@coseso/domain/orders/wizard';
import { formatEurosTTC } from '@coseso/domain/pricing/format-euros';
import { formatDate } from '@/lib/format-date';
import { cn } from '@/lib/cn';
import { Badge } from '@/ui/badge';
import { Progress } from '@/ui/progress';
import { type AdminOrderRow } from '../api/get-admin-orders';
import { billingLabel, paymentTones } from '../utils/billing-label';
import { FailedEmailsBadge } from './failed-emails-badge';
import { NextStepLine } from './next-step-line';
import { UnreadMessagesBadge } from './unread-messages-badge';

export const orderTitle = (order: { companyName: string | null; orderNumber: number }) =>
  order.companyName || `Commande #${order.orderNumber}`;

/** A card of the list (spec §2.3); a button that selects the order. */
export function AdminOrderCard({
  order,
  selected,
  onSelect,
  now,
}: {
  order: AdminOrderRow;
  selected: boolean;
  onSelect: () => void;
  now: string;
}) {
  const paid = order.payment;
  const title = orderTitle(order);
  return (
    <li>
      <button
        type="button"
        aria-current={selected || undefined}
        onClick={onSelect}
        className={cn(
          'flex w-full flex-col gap-2 rounded-xl border p-4 text-left transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500',
          selected ? 'border-primary-400 bg-primary-50' : 'border-slate-200 bg-white hover:bg-slate-50',
        )}
      >
        <span className="flex flex-wrap items-start justify-between gap-2">
          <span className="flex min-w-0 flex-col">
            <span className="font-semibold text-slate-900 wrap-anywhere">{title}</span>
            <span className="text-sm text-slate-600 wrap-anywhere">
              {[order.companySector, order.contactEmail].filter(Boolean).join(' · ')}
            </span>
          </span>
          <Badge
            tone={
              order.status === 'delivered' ? 'success' : order.status === 'cancelled' ? 'neutral' : 'primary'
            }
          >
            <span className="sr-only">Statut : </span>
            {adminStatusLabels[order.status]}
          </Badge>
        </span>
        <span className="flex flex-wrap gap-2">
          <Badge tone="neutral" className="text-xs">
            {billingLabel(order.billingPeriod)}
          </Badge>
          <Badge tone={paymentTones[paid.stage]} className="text-xs">
            <span className="sr-only">Paiement : </span>
            {paid.label}
          </Badge>
          {order.paymentFailedAt && (
            <Badge tone="warning" className="text-xs">
              Paiement en échec le {formatDate(order.paymentFailedAt)}
            </Badge>
          )}
          <FailedEmailsBadge count={order.failedEmails} className="text-xs" />
          <UnreadMessagesBadge orderId={order.id} className="text-xs" />
        </span>
        {order.totalWithVat !== null && (
          <span className="text-sm font-medium text-slate-800">
            {formatEurosTTC(order.totalWithVat)}{' '}
            {order.billingPeriod === 'monthly' ? 'de mise en service' : 'la 1re année'}
          </span>
        )}
        <NextStepLine step={order.nextStep} now={now} className="text-sm" />
        {order.status === 'pending' && (
          <Progress
            value={order.currentStep}
            max={WIZARD_STEP_COUNT}
            label={`Formulaire de ${order.companyName || `la commande #${order.orderNumber}`}`}
            valueText={`Étape ${order.currentStep} sur ${WIZARD_STEP_COUNT}`}
            className="max-w-xs"
          />
        )}
        <span className="text-xs text-slate-600">
          {order.status === 'pending' && `Étape ${order.currentStep}/${WIZARD_STEP_COUNT} · `}Dernière
          activité le {formatDate(order.lastActiveAt)}
        </span>
      </button>
    </li>
  );
}
