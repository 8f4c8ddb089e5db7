import { Spinner } from '@/ui/spinner';

// Pending components ship in the entry chunk: a spinner alone, without the sandbox's page frame.
export function SandboxCheckoutLoading() {
  return <Spinner label="Chargement du paiement..." className="min-h-dvh justify-center" />;
}

export function SandboxCardLoading() {
  return <Spinner label="Chargement de l'abonnement..." className="min-h-dvh justify-center" />;
}
