import { type PaymentReturn } from '../utils/payment-outcome';
import { paymentKindOf } from '../utils/payment-types';
import { PaymentCheckPage } from './payment-check-page';
import { PaymentSuccessView } from './payment-success-view';

/** Where the browser lands after the provider's page (/payment-success, /payment-confirmation). */
export function PaymentResultPage({ paymentReturn }: { paymentReturn: PaymentReturn }) {
  return (
    <PaymentCheckPage
      paymentReturn={paymentReturn}
      renderSuccess={({ orderId }) => (
        <PaymentSuccessView orderId={orderId} kind={paymentKindOf(paymentReturn.type)} />
      )}
    />
  );
}
