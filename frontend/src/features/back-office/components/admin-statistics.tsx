import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { useQuery } from '@tanstack/react-query';
import { type AdminStatistics, adminStatisticsQueryOptions } from '../api/get-admin-statistics';

const euros = (cents: number) => formatEuros(cents, { decimals: 'auto' });

const cards: { key: keyof AdminStatistics; label: string; format?: (value: number) => string }[] = [
  { key: 'totalOrders', label: 'Commandes' },
  { key: 'activeSubscriptions', label: 'Abonnements actifs' },
  { key: 'yearlyDepositPaid', label: 'Formules annuelles (acompte payé)' },
  { key: 'delivered', label: 'Livrées' },
  { key: 'inRevision', label: 'En révision' },
  // Whole euros (spec §9), VAT included as the statistics count them.
  {
    key: 'yearlyRevenueCents',
    label: 'Chiffre d’affaires annuel, TTC',
    format: (cents) => euros(Math.round(cents / 100) * 100),
  },
  { key: 'monthlyRecurringRevenueCents', label: 'Revenu mensuel récurrent, TTC', format: euros },
  { key: 'awaitingPayment', label: 'En attente de paiement' },
];

/** The eight statistic cards of spec §9. */
export function AdminStatisticsCards() {
  const statistics = useQuery(adminStatisticsQueryOptions());
  return (
    <section aria-label="Statistiques">
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {cards.map(({ key, label, format }) => {
          const value = statistics.data?.[key];
          return (
            <li
              key={key}
              className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4 shadow-xs"
            >
              <span className="text-sm text-slate-600" id={`stat-${key}`}>
                {label}
              </span>
              <span
                aria-labelledby={`stat-${key}`}
                className="text-2xl font-bold text-slate-900 tabular-nums"
                data-statistic={key}
              >
                {typeof value === 'number'
                  ? format
                    ? format(value)
                    : value
                  : statistics.isError
                    ? '—'
                    : '…'}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
