import { createFileRoute, redirect } from '@tanstack/react-router';

// The spec's older link: the privacy policy has its own page now.
export const Route = createFileRoute('/privacy')({
  beforeLoad: () => {
    throw redirect({ to: '/politique-confidentialite', replace: true });
  },
});
