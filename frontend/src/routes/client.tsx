import { createFileRoute, redirect } from '@tanstack/react-router';
import { dashboardSearchSchema } from '@/features/client-area/utils/dashboard-tabs';

/** The spec's other address of the client area. */
export const Route = createFileRoute('/client')({
  validateSearch: (search) => dashboardSearchSchema.parse(search),
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/dashboard', search, replace: true });
  },
});
