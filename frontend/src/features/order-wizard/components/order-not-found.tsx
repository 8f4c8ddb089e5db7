import { Link } from '@tanstack/react-router';
import { buttonClasses } from '@/ui/button';
import { OrderPageShell } from './order-page-shell';

export function OrderNotFound() {
  return (
    <OrderPageShell>
      <title>Commande introuvable · Coseso</title>
      <div className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Commande introuvable</h1>
        <p className="text-slate-600">Cette commande n'existe pas ou n'est pas accessible.</p>
        <Link to="/" className={buttonClasses({ className: 'mt-2' })}>
          Retour à l'accueil
        </Link>
      </div>
    </OrderPageShell>
  );
}
