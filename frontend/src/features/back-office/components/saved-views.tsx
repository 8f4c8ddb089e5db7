import { adminOrderQueueLabels, adminOrderQueues } from '@coseso/domain/orders/admin-order-sort';
import { useQuery } from '@tanstack/react-query';
import { cn } from '@/lib/cn';
import { adminOrderViewsQueryOptions } from '../api/get-admin-order-views';
import { type AdminSearch } from '../utils/admin-order-filters';

type SavedView = { key: string; label: string; count?: number; search: Partial<AdminSearch> };

/**
 * The views the team runs its day on, with their counts: « À traiter » (the team's move, the
 * longest wait first), « En attente du client », « Paiements en échec », « Annulées ». Each is a
 * filter of the URL (`queue`, or the cancelled status), so it can be bookmarked and shared.
 */
export function SavedViews({
  filters,
  onFiltersChange,
}: {
  filters: AdminSearch;
  onFiltersChange: (filters: AdminSearch) => void;
}) {
  const counts = useQuery(adminOrderViewsQueryOptions()).data;
  const views: SavedView[] = [
    { key: 'all', label: 'Toutes', search: {} },
    ...adminOrderQueues.map((queue) => ({
      key: queue,
      label: adminOrderQueueLabels[queue],
      count: counts?.[queue],
      search: { queue },
    })),
    { key: 'cancelled', label: 'Annulées', count: counts?.cancelled, search: { status: 'cancelled' } },
  ];
  const current =
    filters.queue ??
    (filters.status === 'cancelled' ? 'cancelled' : filters.status || filters.drafts ? null : 'all');
  const show = (view: SavedView) =>
    onFiltersChange({
      ...filters,
      queue: undefined,
      status: undefined,
      drafts: undefined,
      page: undefined,
      ...view.search,
    });
  return (
    <div role="group" aria-label="Vues enregistrées" className="flex flex-wrap gap-2">
      {views.map((view) => (
        <button
          key={view.key}
          type="button"
          aria-pressed={current === view.key}
          onClick={() => show(view)}
          className={cn(
            'inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-medium',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500',
            current === view.key
              ? 'border-slate-900 bg-slate-900 text-white'
              : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
          )}
        >
          {view.label}
          {view.count !== undefined && (
            <span
              className={cn(
                'rounded-full px-2 text-xs',
                current === view.key ? 'bg-white/20' : 'bg-slate-100 text-slate-700',
              )}
            >
              {view.count}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
