import { paymentDatedAt } from '@coseso/domain/orders/payment-dated-at';
import { centsFromEuros, refundAmountProblem } from '@coseso/domain/orders/refund-requests';
import { formatEuros, formatEurosTTC } from '@coseso/domain/pricing/format-euros';
import { useState } from 'react';
import { z } from 'zod/mini';
import { formatDate } from '@/lib/format-date';
import { serverMessageOr, showServerFieldErrors } from '@/lib/form-errors';
import { Field } from '@/ui/field';
import { Input } from '@/ui/input';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';
import { type AdminOrderDetail } from '../api/get-admin-order';
import { useRefundPayment } from '../api/refund-payment';
import { PanelSection } from './admin-order-files';
import { ReasonDialog } from './reason-dialog';

type HeldPayment = AdminOrderDetail['heldPayments'][number];

const REFUND_REASON_MAX_LENGTH = 2000;

/**
 * The payments the order holds, what was refunded of each, the refunds asked (and any that failed),
 * and « Rembourser » on each card payment with something left (admins only).
 */
export function OrderRefundsSection({ order, canAct }: { order: AdminOrderDetail; canAct: boolean }) {
  if (order.heldPayments.length === 0 && order.refundRequests.length === 0) return null;
  return (
    <PanelSection title="Paiements et remboursements">
      <ul className="flex flex-col gap-3 text-sm" data-testid="held-payments">
        {order.heldPayments.map((payment) => (
          <li key={payment.paymentId} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {payment.label} : {formatEurosTTC(payment.amount)} payé le {formatDate(paymentDatedAt(payment))}
              {payment.provider === 'offline' ? ' (hors ligne)' : ' (par carte)'}
              {payment.refunded > 0 && <> · remboursé {formatEurosTTC(payment.refunded)}</>}
              {payment.requested > payment.refunded && (
                <> · remboursement en cours {formatEurosTTC(payment.requested - payment.refunded)}</>
              )}
            </span>
            {canAct && payment.refundableLeft > 0 && <RefundDialog order={order} payment={payment} />}
          </li>
        ))}
      </ul>
      {order.refundRequests.some((r) => r.failed) && (
        <ul className="mt-3 flex flex-col gap-1 text-sm text-red-700" data-testid="failed-refunds">
          {order.refundRequests
            .filter((r) => r.failed)
            .map((r) => (
              <li key={`${r.paymentId}-${r.requestedAt}`}>
                Remboursement de {formatEurosTTC(r.amount)} demandé le {formatDate(r.requestedAt)} non
                effectué par le prestataire : {r.failed!.error}. Vous pouvez le demander à nouveau.
              </li>
            ))}
        </ul>
      )}
    </PanelSection>
  );
}

interface RefundAnswers {
  amount: string;
  reason: string;
}

/** « Rembourser »: how much of what is left (TTC) and why; the provider refunds, then the credit note follows. */
function RefundDialog({ order, payment }: { order: AdminOrderDetail; payment: HeldPayment }) {
  const [open, setOpen] = useState(false);
  const mutation = useRefundPayment(order.id);
  const left = payment.refundableLeft;
  const schema = z.object({
    amount: z.string().check(
      z.superRefine((value, context) => {
        const problem = refundAmountProblem(value, left);
        if (problem) context.issues.push({ code: 'custom', message: problem, input: value });
      }),
    ),
    reason: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'Le motif du remboursement est requis'),
        z.maxLength(REFUND_REASON_MAX_LENGTH),
      ),
  });
  return (
    <ReasonDialog<RefundAnswers>
      open={open}
      onOpenChange={setOpen}
      label="Rembourser"
      title={`Rembourser : ${payment.label}`}
      description={
        <>
          Payé {formatEurosTTC(payment.amount)} le {formatDate(payment.paidAt)} ; il reste{' '}
          {formatEurosTTC(left)} remboursables. Le prestataire de paiement rembourse la carte du client, puis
          un avoir est émis pour le montant remboursé.
        </>
      }
      reason={{
        label: 'Motif du remboursement',
        example: 'Par exemple : geste commercial après le retard de livraison.',
        maxLength: REFUND_REASON_MAX_LENGTH,
      }}
      schema={schema}
      defaultValues={{
        amount: formatEuros(left)
          .replace(/\s?€$/, '')
          .replace(/\u00a0/g, ' '),
        reason: '',
      }}
      before={(form) => (
        <Field
          label="Montant à rembourser (€ TTC)"
          required
          description={`Au plus ${formatEurosTTC(left)}.`}
          error={form.formState.errors.amount?.message}
        >
          {(control) => (
            <Input {...control} {...form.register('amount')} inputMode="decimal" maxLength={20} />
          )}
        </Field>
      )}
      complete={({ amount, reason }) => amount.trim() !== '' && reason.trim() !== ''}
      confirm={{ label: 'Rembourser', pendingLabel: 'Remboursement…' }}
      pending={mutation.isPending}
      onConfirm={(values, form) =>
        mutation.mutate(
          { paymentId: payment.paymentId, amount: centsFromEuros(values.amount) ?? 0, reason: values.reason },
          {
            onSuccess: () => {
              showSuccessToast(
                'Remboursement demandé',
                'Le prestataire de paiement rembourse le client ; l’avoir suivra.',
              );
              setOpen(false);
            },
            onError: (error) => {
              showServerFieldErrors(form, error, ['amount', 'reason']);
              showErrorToast(
                'Remboursement impossible',
                serverMessageOr(error, "Le remboursement n'a pas pu être demandé."),
              );
            },
          },
        )
      }
    />
  );
}
