import { PaymentErrorView } from './payment-error-view';
import { PaymentPageShell } from './payment-page-shell';

/** A return URL whose order id is not one: nothing to check, the default payment error. */
export function PaymentLinkError() {
  return (
    <PaymentPageShell>
      <PaymentErrorView error="unknown" kind="other" />
    </PaymentPageShell>
  );
}
