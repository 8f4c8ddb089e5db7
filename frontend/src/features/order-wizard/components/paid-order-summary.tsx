import { type OrderView } from '@coseso/domain/orders/order-view';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { currentUserQueryOptions } from '@/lib/auth';
import { buttonClasses } from '@/ui/button';
import { toWizardValues } from '../utils/wizard-values';
import { OrderRecap } from './order-recap';

/**
 * A paid order's answers are what the client paid for: the server refuses any change, so the page
 * shows them, unchangeable, and sends the client to where the order goes on. Read by its link alone,
 * a paid order comes without its personal fields (the client area has them).
 */
export function PaidOrderSummary({ order }: { order: OrderView }) {
  const [values] = useState(() => toWizardValues(order));
  const { data: user } = useQuery(currentUserQueryOptions());
  const clientArea = `/dashboard#order-${order.id}`;
  const signIn = `/auth?redirect=/dashboard&order=${encodeURIComponent(order.id)}`;
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-3">
        <p className="text-sm font-medium text-slate-500">Commande #{order.orderNumber}</p>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Commande payée</h1>
        <p className="max-w-2xl text-slate-600">
          Le paiement de cette commande a bien été reçu : ses informations ne peuvent plus être modifiées ici.
          Suivez sa réalisation depuis votre espace client.
        </p>
        {(order.hiddenFields?.length ?? 0) > 0 && (
          <p className="max-w-2xl text-sm text-slate-600">
            Par sécurité, ce lien n’affiche pas les coordonnées ni les textes de la commande : ils sont
            marqués « Masqué » ci-dessous. Vous les retrouvez dans votre espace client
            {user ? '.' : ', une fois connecté.'}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <a href={user ? clientArea : signIn} className={buttonClasses({ size: 'lg' })}>
            {user ? 'Accéder à mon espace client' : 'Se connecter à mon espace client'}
          </a>
        </div>
      </div>
      <section
        aria-labelledby="paid-order-recap"
        className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        <h2 id="paid-order-recap" className="text-xl font-semibold text-slate-900">
          Récapitulatif
        </h2>
        <OrderRecap values={values} hiddenFields={order.hiddenFields} />
      </section>
    </div>
  );
}
