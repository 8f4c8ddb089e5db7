import { formatDateTime } from '@/lib/format-date';
import { serverMessageOr } from '@/lib/form-errors';
import { Button } from '@/ui/button';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';
import { type AdminOrderDetail } from '../api/get-admin-order';
import { useResendPaymentLink } from '../api/resend-payment-link';
import { NextStepLine } from './next-step-line';

const finalPaymentAwaited = (status: AdminOrderDetail['status']) =>
  status === 'awaiting_balance_payment' || status === 'awaiting_first_monthly_payment';

/** The panel's first word: whose move it is and since when, and a payment awaited that failed. */
export function OrderPanelNextStep({ order, canAct }: { order: AdminOrderDetail; canAct: boolean }) {
  const failure = order.failedPayment;
  const resend = useResendPaymentLink(order.id);
  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: () =>
        showSuccessToast(
          'Lien de paiement renvoyé',
          `Un e-mail avec le lien de paiement part à ${order.contactEmail ?? 'le client'}.`,
        ),
      onError: (error) =>
        showErrorToast(
          'Envoi impossible',
          serverMessageOr(error, "Le lien de paiement n'a pas pu être renvoyé."),
        ),
    });
  return (
    <>
      <p className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm">
        <span className="sr-only">Prochaine étape : </span>
        <NextStepLine step={order.nextStep} now={new Date().toISOString()} />
      </p>
      {failure && (
        <div
          role="alert"
          className="flex flex-col items-start gap-2 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900"
        >
          <p className="font-semibold">Paiement en échec</p>
          <p>
            {failure.what.charAt(0).toUpperCase()}
            {failure.what.slice(1)} : {failure.reason}, le {formatDateTime(failure.at)}.
          </p>
          {canAct && finalPaymentAwaited(order.status) && (
            <Button
              size="sm"
              variant="outline"
              pending={resend.isPending}
              pendingLabel="Envoi..."
              onClick={onResend}
            >
              Renvoyer un lien de paiement
            </Button>
          )}
          {finalPaymentAwaited(order.status) || (
            <p>
              Le premier paiement se règle depuis le lien de la commande : tant qu'il n'est pas fait,
              l'adresse du client n'est pas vérifiée et aucun e-mail ne lui est envoyé.
            </p>
          )}
        </div>
      )}
    </>
  );
}
