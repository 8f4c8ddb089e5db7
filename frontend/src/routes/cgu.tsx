import { createFileRoute } from '@tanstack/react-router';
import { RouteErrorPage } from '@/features/errors/components/route-error-page';
import { legalInfoQueryOptions } from '@/lib/legal-info';
import { TermsPage } from '@/features/legal/components/terms-page';

export const Route = createFileRoute('/cgu')({
  loader: ({ context }) => context.queryClient.ensureQueryData(legalInfoQueryOptions()),
  component: TermsPage,
  errorComponent: RouteErrorPage,
});
