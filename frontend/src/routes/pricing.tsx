import { createFileRoute } from '@tanstack/react-router';
import { RouteErrorPage } from '@/features/errors/components/route-error-page';
import { PricingPage } from '@/features/pricing/components/pricing-page';
import { type PricingOrder } from '@/features/pricing/pricing-order';
import { useCreateOrder } from '@/lib/orders/create-order';

export const Route = createFileRoute('/pricing')({
  component: PricingRoute,
  errorComponent: RouteErrorPage,
});

function PricingRoute() {
  const navigate = Route.useNavigate();
  const createOrder = useCreateOrder();

  const startOrder = async (order: PricingOrder) => {
    const { orderId } = await createOrder.mutateAsync(order);
    await navigate({ to: '/order-form/$orderId', params: { orderId } });
  };

  return <PricingPage onStartOrder={startOrder} />;
}
