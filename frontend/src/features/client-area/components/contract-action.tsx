import { type OrderView } from '@coseso/domain/orders/order-view';
import { Link } from '@tanstack/react-router';
import { formatDate } from '@/lib/format-date';
import { buttonClasses } from '@/ui/button';
import { contractStep } from '../utils/client-order-status';

export const orderAnchor = (orderId: string) => `order-${orderId}`;

/** What the client can do with the order's contract: wait for it, sign it, or read it again; nothing once cancelled unsigned. */
export function ContractAction({ order }: { order: OrderView }) {
  switch (contractStep(order)) {
    case 'to-sign':
      return (
        <div className="flex flex-col gap-3 rounded-xl bg-primary-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-primary-900">
            Votre contrat est prêt : signez-le pour lancer la création de votre site.
          </p>
          <Link
            to="/contract/$orderId"
            params={{ orderId: order.id }}
            className={buttonClasses({ size: 'sm', className: 'self-start sm:self-auto' })}
          >
            Signer mon contrat
          </Link>
        </div>
      );
    case 'signed':
      return (
        <div className="flex flex-col flex-wrap gap-3 rounded-xl bg-emerald-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm font-medium text-emerald-900">
            {/* Signed online, it has its day; without one, our team marked it agreed (a correction). */}
            {order.contractSignedAt
              ? `Contrat signé le ${formatDate(order.contractSignedAt)}`
              : 'Contrat validé par notre équipe, sans signature en ligne'}
          </p>
          {order.contractIssued && (
            <Link
              to="/contract/$orderId"
              params={{ orderId: order.id }}
              className={buttonClasses({
                variant: 'outline',
                size: 'sm',
                className: 'self-start sm:self-auto',
              })}
            >
              Voir le contrat
            </Link>
          )}
          {order.status === 'contract_signed' && <BriefOpeningNote />}
        </div>
      );
    case 'preparing':
      return (
        <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
          Votre contrat est en cours de préparation : vous pourrez le signer ici dans quelques instants.
        </p>
      );
    case 'unpaid':
      return (
        <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
          Votre contrat sera établi dès réception de votre premier paiement.
        </p>
      );
    case 'none':
      return null;
  }
}

/**
 * Between the signature and the brief: the team opens it (docs/decisions.md), and the client is
 * emailed the moment it does. Files can already be sent meanwhile.
 */
function BriefOpeningNote() {
  return (
    <p className="basis-full text-sm text-emerald-900" data-testid="brief-opening-note">
      Notre équipe prépare votre brief et vous prévient par email dès qu'il est ouvert : vous pourrez alors le
      soumettre. Vous pouvez déjà déposer vos fichiers dans l'onglet Médias.
    </p>
  );
}
