import { createFileRoute } from '@tanstack/react-router';
import { RouteErrorPage } from '@/features/errors/components/route-error-page';
import { LandingPage } from '@/features/landing/components/landing-page';
import { useCreateOrder } from '@/lib/orders/create-order';

export const Route = createFileRoute('/')({
  component: LandingRoute,
  errorComponent: RouteErrorPage,
});

function LandingRoute() {
  const navigate = Route.useNavigate();
  const createOrder = useCreateOrder();

  const startOrder = async () => {
    const { orderId } = await createOrder.mutateAsync();
    await navigate({ to: '/order-form/$orderId', params: { orderId } });
  };

  return <LandingPage onStartOrder={startOrder} />;
}
