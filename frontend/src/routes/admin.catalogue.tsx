import { createFileRoute } from '@tanstack/react-router';
import { CataloguePage } from '@/features/catalogue/components/catalogue-page';

/**
 * The catalogue's versions, inside the back-office's session gate (the /admin layout). No loader:
 * the page asks for its data itself, so nothing of it weighs on the entry chunk the landing shares.
 */
export const Route = createFileRoute('/admin/catalogue')({ component: CataloguePage });
