import { createFileRoute, redirect } from '@tanstack/react-router';

// The spec links to /privacy: the personal data article of the terms.
export const Route = createFileRoute('/privacy')({
  beforeLoad: () => {
    throw redirect({ to: '/cgu', hash: 'donnees-personnelles', replace: true });
  },
});
