import { buttonClasses } from '@/ui/button';
import { paymentNext, paymentSuccessTexts } from '../utils/payment-success-texts';
import { type PaymentKind } from '../utils/payment-types';
import { usePaymentOrder } from '../hooks/use-payment-order';
import { DASHBOARD_PATH, clientAreaLoginHref } from './client-area-links';
import { PaymentResultLayout, ResultActions } from './payment-result-layout';

export function PaymentSuccessView({ orderId, kind }: { orderId: string; kind: PaymentKind }) {
  const { title, message } = paymentSuccessTexts[kind];
  // Only to name the order and the way in: the page does not wait for them.
  const { order, signedIn, sessionRead } = usePaymentOrder(orderId);
  // A visitor is promised a set-password email, a signed-in client is not: said once the session is read.
  const next = sessionRead ? paymentNext(kind, signedIn) : null;
  return (
    <PaymentResultLayout tone="success" title={title}>
      {order && (
        <p className="-mt-2 text-lg text-slate-700">
          <span className="font-semibold">Commande n° {order.orderNumber}</span>
          {order.companyName && <> · {order.companyName}</>}
        </p>
      )}
      <p className="max-w-xl text-slate-600">{message}</p>
      <section
        aria-labelledby="payment-next"
        className="w-full max-w-xl rounded-xl bg-primary-50 px-5 py-4 text-left"
      >
        <h2 id="payment-next" className="font-semibold text-primary-900">
          La suite
        </h2>
        {next ? (
          <p className="mt-1 text-sm text-primary-900">{next}</p>
        ) : (
          <p className="mt-1 text-sm text-primary-900" aria-busy="true" data-testid="payment-next-pending">
            Un instant…
          </p>
        )}
      </section>
      <ResultActions>
        {sessionRead && (
          <a
            href={signedIn ? DASHBOARD_PATH : clientAreaLoginHref(orderId)}
            className={buttonClasses({ size: 'lg' })}
          >
            Accéder à mon espace client
          </a>
        )}
      </ResultActions>
    </PaymentResultLayout>
  );
}
