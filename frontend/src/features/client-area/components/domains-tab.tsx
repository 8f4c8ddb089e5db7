import { parseDomainName } from '@coseso/domain/domains/domain-name';
import { domainInPrice, isMonthly } from '@coseso/domain/orders/client-journey';
import { type OrderView } from '@coseso/domain/orders/order-view';
import { formatEurosHT } from '@coseso/domain/pricing/format-euros';
import { FIRST_PRICE_GRID } from '@coseso/domain/pricing/pricing-grid';
import { catalogueQueryOptions, priceGridOf } from '@/lib/catalogue';
import { useCachedQuery } from '@/lib/use-cached-query';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { showSuccessToast } from '@/ui/toaster';
import { NoOrderYet } from './no-order-yet';

/** The domain an order has: the one chosen in the wizard with its yearly price, or the client's own. */
function domainOf(order: OrderView): { domain: string; price: number | null; own: boolean } | null {
  if (order.domainOption === 'have')
    return order.existingDomain ? { domain: order.existingDomain, price: null, own: true } : null;
  if (order.selectedDomain) return { ...order.selectedDomain, own: false };
  if (!order.desiredDomain) return null;
  const parsed = parseDomainName(order.desiredDomain);
  return 'error' in parsed ? null : { domain: parsed.domain, price: parsed.price, own: false };
}

/** The domains tab (spec §2.2): each order's domain, its price, and the extensions we offer. */
export function DomainsTab({ orders }: { orders: OrderView[] }) {
  // The catalogue version in force prices a domain bought today (the first version's until it is loaded).
  const catalogue = useCachedQuery(catalogueQueryOptions());
  const prices = (catalogue ? priceGridOf(catalogue) : FIRST_PRICE_GRID).domainPricesHT;
  if (orders.length === 0) return <NoOrderYet />;
  return (
    <div className="flex flex-col gap-6">
      <ul className="flex flex-col gap-4" aria-label="Domaines de vos commandes">
        {orders.map((order) => (
          <DomainCard key={order.id} order={order} />
        ))}
      </ul>
      <section
        aria-labelledby="extensions-title"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="extensions-title" className="text-lg font-semibold text-slate-900">
            Extensions disponibles
          </h2>
          <Button variant="outline" size="sm" disabled>
            Acheter un domaine <Badge tone="neutral">Bientôt disponible</Badge>
          </Button>
        </div>
        <p className="mt-2 text-sm text-slate-600">
          Prix indicatifs par an, hors taxes ; le renouvellement se fait chaque année à la date
          d'enregistrement.
        </p>
        <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-3">
          {Object.entries(prices).map(([extension, price]) => (
            <div key={extension} className="flex justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2">
              <dt className="font-medium text-slate-900">{extension}</dt>
              <dd className="text-slate-700">{formatEurosHT(price)} / an</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

function DomainCard({ order }: { order: OrderView }) {
  const domain = domainOf(order);
  const included = domain !== null && !domain.own && domainInPrice(order);
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-6">
      <div className="flex flex-col gap-1">
        <p className="text-sm text-slate-600">
          Commande #{order.orderNumber}
          {order.companyName && <> · {order.companyName}</>}
        </p>
        {domain ? (
          <>
            <p className="text-lg font-semibold text-slate-900 wrap-anywhere">{domain.domain}</p>
            <p className="text-sm text-slate-600">
              {domain.own
                ? 'Votre nom de domaine : nous le relions à votre site.'
                : included
                  ? `Compris dans votre commande (${domain.price !== null ? `${formatEurosHT(domain.price)} / an, ` : ''}${
                      isMonthly(order)
                        ? 'réglé avec votre abonnement mensuel'
                        : 'première année réglée avec votre formule annuelle'
                    }) : rien de plus à payer.`
                  : domain.price !== null && `${formatEurosHT(domain.price)} / an`}
            </p>
          </>
        ) : (
          <p className="text-slate-700">Sélection du nom de domaine en attente.</p>
        )}
      </div>
      {domain && !domain.own && !included && (
        <Button
          size="sm"
          onClick={() =>
            showSuccessToast(
              'Bientôt disponible',
              `Le paiement en ligne des noms de domaine arrive prochainement : ${domain.domain} vous attend.`,
            )
          }
        >
          Payer le domaine
        </Button>
      )}
    </li>
  );
}
