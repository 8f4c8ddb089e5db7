import { type OrderView } from '@coseso/domain/orders/order-view';
import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { Link } from '@tanstack/react-router';
import { formatDate } from '@/lib/format-date';
import { Badge } from '@/ui/badge';
import { buttonClasses } from '@/ui/button';
import { clientStatusLabel, contractStep } from '../utils/client-order-status';

export const orderAnchor = (orderId: string) => `order-${orderId}`;

export function ClientOrderCard({ order }: { order: OrderView }) {
  const anchor = orderAnchor(order.id);
  const title = order.companyName || `Commande #${order.orderNumber}`;
  const status = clientStatusLabel(order);
  return (
    <article
      id={anchor}
      tabIndex={-1}
      aria-labelledby={`${anchor}-title`}
      className="flex scroll-mt-6 flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm focus:outline-2 focus:outline-offset-2 focus:outline-primary-500 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={`${anchor}-title`} className="text-lg font-semibold text-slate-900 wrap-anywhere">
            {title}
          </h2>
          <p className="text-sm text-slate-600">
            Commande #{order.orderNumber}
            {order.createdAt && <> · passée le {formatDate(order.createdAt)}</>}
          </p>
        </div>
        <Badge tone={order.status === 'delivered' ? 'success' : 'primary'}>
          <span className="sr-only">Statut : </span>
          {status}
        </Badge>
      </div>

      <BillingSummary order={order} />
      <ContractAction order={order} />
    </article>
  );
}

function BillingSummary({ order }: { order: OrderView }) {
  const price = order.price;
  if (!price) return null;
  const rows: Array<[string, string]> =
    price.billingPeriod === 'monthly'
      ? [
          ['Formule', 'Abonnement mensuel'],
          ['Frais de mise en service TTC', formatEuros(price.depositWithVat)],
          ['Mensualité TTC', `${formatEuros(price.monthlyWithVat)}\u00a0/\u00a0mois`],
        ]
      : [
          ['Formule', 'Paiement annuel'],
          ['Total TTC', formatEuros(price.totalWithVat)],
        ];
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-col gap-0.5">
          <dt className="text-slate-600">{label}</dt>
          <dd className="font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ContractAction({ order }: { order: OrderView }) {
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
        <div className="flex flex-col gap-3 rounded-xl bg-emerald-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm font-medium text-emerald-900">
            {order.contractSignedAt
              ? `Contrat signé le ${formatDate(order.contractSignedAt)}`
              : 'Contrat signé'}
          </p>
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
  }
}
