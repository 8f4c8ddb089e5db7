import { createFileRoute, redirect } from '@tanstack/react-router';

// The spec links to /cgv: our conditions of sale are the terms at /cgu.
export const Route = createFileRoute('/cgv')({
  beforeLoad: () => {
    throw redirect({ to: '/cgu', replace: true });
  },
});
