import { createFileRoute } from '@tanstack/react-router';
import { AgencyIdentityPage } from '@/features/agency-identity/components/agency-identity-page';

/**
 * « Identité de l'agence », inside the back-office's session gate (the /admin layout). No loader:
 * the page asks for its data itself, so nothing of it weighs on the entry chunk the landing shares.
 */
export const Route = createFileRoute('/admin/agency-identity')({ component: AgencyIdentityPage });
