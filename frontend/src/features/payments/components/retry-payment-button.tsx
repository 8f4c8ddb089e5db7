import { useEffect } from 'react';
import { type PaymentRhythm, useCreatePayment } from '@/lib/payments/create-payment';
import { Button } from '@/ui/button';

/** Makes a new payment link for the order's first payment, as the wizard does, and goes to it. */
export function RetryPaymentButton({ orderId, rhythm }: { orderId: string; rhythm: PaymentRhythm }) {
  const payment = useCreatePayment(orderId);
  const { reset } = payment;
  useEffect(() => {
    // Coming back from the payment page through the back/forward cache restores the pending state.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);

  return (
    <Button
      pending={payment.isPending || payment.isSuccess}
      pendingLabel="Redirection vers le paiement..."
      onClick={() => payment.mutate(rhythm)}
    >
      Réessayer le paiement
    </Button>
  );
}
