import { createFileRoute } from '@tanstack/react-router';
import { RouteErrorPage } from '@/features/errors/components/route-error-page';
import { TermsPage } from '@/features/legal/components/terms-page';

export const Route = createFileRoute('/cgu')({
  component: TermsPage,
  errorComponent: RouteErrorPage,
});
