import { createFileRoute } from '@tanstack/react-router';
import { DashboardTabs } from '@/features/client-area/components/dashboard-page';

export const Route = createFileRoute('/dashboard/')({ component: DashboardIndexRoute });

function DashboardIndexRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <DashboardTabs
      tab={tab}
      onTabChange={(next) => void navigate({ search: { tab: next } })}
      onSelectOrder={(orderId, next) =>
        void navigate({ to: '/dashboard/$orderId', params: { orderId }, search: { tab: next } })
      }
    />
  );
}
