import { formatDateTime } from '@/lib/format-date';
import { type AdminOrderDetail } from '../api/get-admin-order';
import { NextStepLine } from './next-step-line';

/** The panel's first word: whose move it is and since when, and a payment awaited that failed. */
export function OrderPanelNextStep({
  order,
  children,
}: {
  order: AdminOrderDetail;
  children?: React.ReactNode;
}) {
  const failure = order.failedPayment;
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
          {children}
        </div>
      )}
    </>
  );
}
