import { useEffect } from 'react';
import { type PaymentRhythm, useCreatePayment } from '@/lib/payments/create-payment';
import { useFinalPayment } from '@/lib/payments/final-payment';
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

/** A new link for the balance or the first month (or the open one again), as the client area makes it. */
export function RetryFinalPaymentButton({ orderId, monthly }: { orderId: string; monthly: boolean }) {
  const payment = useFinalPayment();
  const { reset } = payment;
  useEffect(() => {
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
      onClick={() => payment.mutate({ orderId, monthly })}
    >
      Réessayer le paiement
    </Button>
  );
}
