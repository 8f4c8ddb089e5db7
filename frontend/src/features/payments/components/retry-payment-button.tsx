import { type PaymentRhythm, useCreatePayment } from '@/lib/payments/create-payment';
import { useFinalPayment } from '@/lib/payments/final-payment';
import { useOnBackForwardRestore } from '@/lib/use-back-forward-restore';
import { Button } from '@/ui/button';

/** Makes a new payment link for the order's first payment, as the wizard does, and goes to it. */
export function RetryPaymentButton({ orderId, rhythm }: { orderId: string; rhythm: PaymentRhythm }) {
  const payment = useCreatePayment(orderId);
  return <RetryButton payment={payment} retry={() => payment.mutate(rhythm)} />;
}

/** A new link for the balance or the first month (or the open one again), as the client area makes it. */
export function RetryFinalPaymentButton({ orderId, monthly }: { orderId: string; monthly: boolean }) {
  const payment = useFinalPayment();
  return <RetryButton payment={payment} retry={() => payment.mutate({ orderId, monthly })} />;
}

/** Pending from the click until the browser has left for the payment page. */
function RetryButton({
  payment,
  retry,
}: {
  payment: { isPending: boolean; isSuccess: boolean; reset: () => void };
  retry: () => void;
}) {
  useOnBackForwardRestore(payment.reset);
  return (
    <Button
      pending={payment.isPending || payment.isSuccess}
      pendingLabel="Redirection vers le paiement..."
      onClick={retry}
    >
      Réessayer le paiement
    </Button>
  );
}
