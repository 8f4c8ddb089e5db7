import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { OrderStarting } from '@/features/order-wizard/components/order-starting';
import { useCreateOrder } from '@/lib/orders/create-order';
import { showErrorToast } from '@/ui/toaster';

// Creating the order in a loader would create one on every link preload: it happens on mount instead.
export const Route = createFileRoute('/order-form/')({
  component: NewOrderRoute,
});

function NewOrderRoute() {
  const navigate = useNavigate();
  const createOrder = useCreateOrder({
    onSuccess: ({ orderId }) =>
      void navigate({ to: '/order-form/$orderId', params: { orderId }, replace: true }),
    onError: () => showErrorToast('Erreur', 'Impossible de créer la commande. Veuillez réessayer.'),
  });
  const { mutate } = createOrder;
  const started = useRef(false);

  useEffect(() => {
    // Strict mode mounts twice in development; one order is enough.
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  return <OrderStarting failed={createOrder.isError} onRetry={() => mutate()} />;
}
