import { createFileRoute } from '@tanstack/react-router';
import { RouteErrorPage } from '@/features/errors/components/route-error-page';
import { legalInfoQueryOptions } from '@/lib/legal-info';
import { PrivacyPolicyPage } from '@/features/legal/components/privacy-policy-page';

export const Route = createFileRoute('/politique-confidentialite')({
  loader: ({ context }) => context.queryClient.ensureQueryData(legalInfoQueryOptions()),
  component: PrivacyPolicyPage,
  errorComponent: RouteErrorPage,
});
