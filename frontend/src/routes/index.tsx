import { createFileRoute, redirect } from '@tanstack/react-router';
import { RouteErrorPage } from '@/features/errors/components/route-error-page';
import { LandingPage } from '@/features/landing/components/landing-page';
import { currentUserQueryOptions } from '@/lib/auth';
import { useCreateOrder } from '@/lib/orders/create-order';

/**
 * `/`: the client area for a signed-in client, else the landing page (spec §2.1). The client area
 * opens at its own address, so the landing's first load carries none of it.
 */
export const Route = createFileRoute('/')({
  beforeLoad: async ({ context: { queryClient } }) => {
    const user = await queryClient.ensureQueryData(currentUserQueryOptions()).catch(() => null);
    if (user) throw redirect({ to: '/dashboard', replace: true });
  },
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
