import { createFileRoute, redirect } from '@tanstack/react-router';

// The spec links to /cgv: our conditions générales de vente are at /cgu.
export const Route = createFileRoute('/cgv')({
  beforeLoad: () => {
    throw redirect({ to: '/cgu', replace: true });
  },
});
