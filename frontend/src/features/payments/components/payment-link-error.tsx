import { PaymentOrderNotFound } from './payment-error-view';
import { PaymentPageShell } from './payment-page-shell';

/** A return URL whose order id cannot be one: no such order. */
export function PaymentLinkError() {
  return (
    <PaymentPageShell>
      <PaymentOrderNotFound />
    </PaymentPageShell>
  );
}
