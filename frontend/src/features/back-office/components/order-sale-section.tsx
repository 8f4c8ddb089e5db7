import { paymentDatedAt } from '@coseso/domain/orders/payment-dated-at';
import { paymentPurposeLabels } from '@coseso/domain/orders/payment-labels';
import { billingPeriodNames, saleAmounts, saleFacts } from '@coseso/domain/orders/order-sale';
import { formatEuros, formatEurosTTC } from '@coseso/domain/pricing/format-euros';
import { cancelledOrderMoney } from '@coseso/domain/orders/cancelled-order-money';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { orderInvoicesQueryOptions } from '@/lib/invoices/invoices';
import { formatDate, formatDateTime } from '@/lib/format-date';
import { type AdminOrderDetail } from '../api/get-admin-order';
import { PanelSection } from './admin-order-files';
import { Facts } from './order-panel-facts';

/** What the order sells, every option by name and price (the pricing module's words, from the domain). */
export function OrderSaleSection({ order }: { order: AdminOrderDetail }) {
  return (
    <PanelSection title="Ce qui a été vendu">
      <Facts label="Ce qui a été vendu" rows={saleFacts(order).map((fact) => [fact.label, fact.value])} />
    </PanelSection>
  );
}

type Payment = AdminOrderDetail['finalPayment'];

const meansLabels = { transfer: 'virement', cheque: 'chèque', cash: 'espèces' } as const;

/**
 * A payment received by hand is dated by the day it came in (not the day the team recorded it). One
 * never paid is due, unless the order was cancelled: then nothing more is asked.
 */
function paymentText(payment: Payment, due: number | null, cancelled: boolean): string {
  if (!payment && cancelled) return 'non dû : commande annulée';
  if (!payment) return due !== null ? `${formatEurosTTC(due)} · non payé` : 'non payé';
  if (payment.provider !== 'offline')
    return `${formatEurosTTC(payment.amount)} payé le ${formatDate(payment.paidAt)} (par carte)`;
  const how = payment.means ? meansLabels[payment.means] : 'hors ligne';
  return `${formatEurosTTC(payment.amount)} reçu le ${formatDate(paymentDatedAt(payment))} (${how}, référence ${payment.reference} ; enregistré le ${formatDate(payment.paidAt)})`;
}

/**
 * A cancelled subscription that has ended is said ended, not active: one that ended with its order
 * (known from the order, whenever the panel was opened), or one past its period's end.
 */
function subscriptionText(order: AdminOrderDetail, now: number): string | null {
  if (order.subscriptionStatus === 'active') return 'Actif';
  if (order.subscriptionStatus !== 'cancelled') return null;
  const expiresAt = order.subscriptionExpiresAt;
  if (!expiresAt) return 'Annulé';
  if (order.cancellationTerms?.subscriptionEnded)
    return `Arrêté le ${formatDate(expiresAt)} avec l'annulation de la commande`;
  return Date.parse(expiresAt) <= now
    ? `Annulé, terminé le ${formatDate(expiresAt)}`
    : `Annulé, actif jusqu'au ${formatDate(expiresAt)}`;
}

/** The order's amounts, each HT and TTC, then what was paid, always TTC (what the client's bank shows). */
export function OrderBillingSection({ order }: { order: AdminOrderDetail }) {
  const [now] = useState(() => Date.now());
  const price = order.price;
  const monthly = (price?.billingPeriod ?? order.billingPeriod) === 'monthly';
  const period = price?.billingPeriod ?? order.billingPeriod;
  const cancelled = order.status === 'cancelled';
  return (
    <PanelSection title="Facturation">
      <Facts
        label="Facturation"
        rows={[
          ['Formule', period ? billingPeriodNames[period] : 'Formule à choisir'],
          ...saleAmounts(price).map((amount): [string, string] => [amount.label, amount.text]),
          [
            monthly ? 'Paiement de la mise en service' : "Paiement de l'acompte",
            paymentText(order.firstPayment, price ? price.depositWithVat : null, cancelled),
          ],
          [
            monthly ? 'Paiement du premier mois' : 'Paiement du solde',
            paymentText(
              order.finalPayment,
              price ? (monthly ? price.monthlyWithVat : price.remainingWithVat) : null,
              cancelled,
            ),
          ],
          [
            'Paiements remboursés',
            order.refundedPayments.length > 0 ? <RefundedPayments refunds={order.refundedPayments} /> : null,
          ],
          ['Abonnement', subscriptionText(order, now)],
        ]}
      />
    </PanelSection>
  );
}

/**
 * A cancelled order's money: what was paid, what was refunded (asked, failed, made) or why nothing
 * is, and the credit notes issued (their numbers from the order's documents), each amount TTC.
 */
export function CancelledOrderMoneySection({ order }: { order: AdminOrderDetail }) {
  const { data } = useQuery(orderInvoicesQueryOptions(order.id));
  const terms = order.cancellationTerms;
  if (order.status !== 'cancelled' || !terms) return null;
  const money = cancelledOrderMoney(terms, order.heldPayments, order.refundRequests, data?.invoices ?? []);
  return (
    <PanelSection title="Argent de la commande annulée">
      <Facts
        label="Argent de la commande annulée"
        rows={[
          ['Payé', <Lines key="paid" lines={money.paid} testId="cancelled-paid" />],
          ['Remboursé', <Lines key="refunds" lines={money.refunds} testId="cancelled-refunds" />],
          [
            'Avoirs',
            data ? <Lines key="credits" lines={money.credits} testId="cancelled-credits" /> : 'Chargement…',
          ],
        ]}
      />
    </PanelSection>
  );
}

function Lines({ lines, testId }: { lines: readonly string[]; testId: string }) {
  return (
    <ul className="flex flex-col gap-1" data-testid={testId}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** Payments made on a link the order no longer matched (it changed meanwhile): refunded, never kept. */
function RefundedPayments({ refunds }: { refunds: AdminOrderDetail['refundedPayments'] }) {
  return (
    <ul className="flex flex-col gap-1" aria-label="Paiements remboursés">
      {refunds.map((refund) => (
        <li key={refund.paymentId} className="text-amber-800">
          {formatEuros(refund.amount)} TTC ({paymentPurposeLabels[refund.purpose]}) remboursé le{' '}
          {formatDateTime(refund.refundedAt)} : payé sur un lien qui ne valait plus ({refund.reason})
          {refund.purpose === 'first_month' ? ", l'abonnement qu'il ouvrait est résilié" : ''}
        </li>
      ))}
    </ul>
  );
}
