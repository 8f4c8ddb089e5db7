import { Link } from '@tanstack/react-router';
import { buttonClasses } from '@/ui/button';
import { OrderConfirmationShell } from './order-confirmation-shell';

export function OrderConfirmationNotFound() {
  return (
    <OrderConfirmationShell>
      <title>Commande non trouvée · Coseso</title>
      <div className="flex flex-col items-center gap-4 py-12 text-center">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Commande non trouvée</h1>
        <p className="text-slate-600">Cette commande n’existe pas ou n’est plus accessible.</p>
        <Link to="/" className={buttonClasses({ className: 'mt-2' })}>
          Retour à l’accueil
        </Link>
      </div>
    </OrderConfirmationShell>
  );
}
