import { createFileRoute } from '@tanstack/react-router';
import { RouteErrorPage } from '@/features/errors/components/route-error-page';
import { legalInfoQueryOptions } from '@/lib/legal-info';
import { LegalNoticePage } from '@/features/legal/components/legal-notice-page';

export const Route = createFileRoute('/mentions-legales')({
  loader: ({ context }) => context.queryClient.ensureQueryData(legalInfoQueryOptions()),
  component: LegalNoticePage,
  errorComponent: RouteErrorPage,
});
