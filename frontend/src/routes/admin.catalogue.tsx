import { createFileRoute } from '@tanstack/react-router';
import { catalogueHistoryQueryOptions } from '@/features/catalogue/api/catalogue-versions';
import { CataloguePage } from '@/features/catalogue/components/catalogue-page';
import { loadForAdmin } from '@/lib/admin-session/admin-session';

/** The catalogue's versions, inside the back-office's session gate (the /admin layout). */
export const Route = createFileRoute('/admin/catalogue')({
  loader: ({ context: { queryClient } }) =>
    loadForAdmin(queryClient, () => queryClient.prefetchQuery(catalogueHistoryQueryOptions())),
  component: CataloguePage,
});
