import { Link } from '@tanstack/react-router';
import { buttonClasses } from '@/ui/button';
import { CARD_NOTICE, CHECKOUT_NOTICE, SandboxPanel, SandboxShell } from './sandbox-shell';

interface SandboxNotFoundProps {
  notice: string;
  title: string;
  message: string;
}

function SandboxNotFound({ notice, title, message }: SandboxNotFoundProps) {
  return (
    <SandboxShell notice={notice}>
      <title>{`${title} · Coseso`}</title>
      <SandboxPanel>
        <div className="flex flex-col items-center gap-4 py-6 text-center">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          <p className="text-slate-600">{message}</p>
          <Link to="/" className={buttonClasses({ className: 'mt-2' })}>
            Retour à l'accueil
          </Link>
        </div>
      </SandboxPanel>
    </SandboxShell>
  );
}

export function SandboxCheckoutNotFound() {
  return (
    <SandboxNotFound
      notice={CHECKOUT_NOTICE}
      title="Paiement introuvable"
      message="Ce lien de paiement n'existe pas ou n'est plus valable."
    />
  );
}

export function SandboxSubscriptionNotFound() {
  return (
    <SandboxNotFound
      notice={CARD_NOTICE}
      title="Abonnement introuvable"
      message="Cet abonnement n'existe pas ou n'est plus accessible."
    />
  );
}
