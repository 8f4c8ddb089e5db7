import { type ReactNode } from 'react';
import { usePaymentCheck } from '../hooks/use-payment-check';
import { usePaymentOrder } from '../hooks/use-payment-order';
import { type PaymentOutcome, type PaymentReturn } from '../utils/payment-outcome';
import { paymentKindOf } from '../utils/payment-types';
import { PaymentCheckingView } from './payment-checking-view';
import { PaymentErrorView, PaymentOrderNotFound } from './payment-error-view';
import { PaymentPageShell } from './payment-page-shell';
import { PaymentPendingView } from './payment-pending-view';

export type PaymentSuccess = Extract<PaymentOutcome, { state: 'success' }>;

interface PaymentCheckPageProps {
  paymentReturn: PaymentReturn;
  /** Each return page words a confirmed payment its own way; the other states are the same everywhere. */
  renderSuccess: (success: PaymentSuccess) => ReactNode;
}

/** A payment return page: checking, pending, error or success, as the payment's check says. */
export function PaymentCheckPage({ paymentReturn, renderSuccess }: PaymentCheckPageProps) {
  const { check, checking, checkAgain } = usePaymentCheck(paymentReturn);
  const reader = usePaymentOrder(paymentReturn.orderId);
  return (
    <PaymentPageShell>
      <div aria-live="polite">
        {reader.notFound ? (
          <PaymentOrderNotFound />
        ) : !check || (check.state === 'error' && reader.settling) ? (
          <PaymentCheckingView />
        ) : check.state === 'pending' ? (
          <PaymentPendingView gaveUp={check.gaveUp} checking={checking} onCheckAgain={checkAgain} />
        ) : check.state === 'error' ? (
          <PaymentErrorView
            error={check.error}
            orderId={paymentReturn.orderId}
            kind={paymentKindOf(paymentReturn.type)}
            audience={reader.audience}
            signedIn={reader.signedIn}
          />
        ) : (
          renderSuccess(check)
        )}
      </div>
    </PaymentPageShell>
  );
}
