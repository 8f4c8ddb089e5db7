import {
  DEFAULT_ADMIN_ORDER_SORT,
  adminOrderQueueLabels,
  adminOrderSortLabels,
  adminOrderSorts,
} from '@coseso/domain/orders/admin-order-sort';
import { adminStatusLabels } from '@coseso/domain/orders/order-status';
import { templateLabels } from '@coseso/domain/orders/wizard';
import { useQuery } from '@tanstack/react-query';
import { useForgetSessionOn401 } from '@/lib/admin-session/use-admin-session';
import { useAdminSession } from '@/lib/admin-session/use-admin-session';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import { Field } from '@/ui/field';
import { Input } from '@/ui/input';
import { Select } from '@/ui/select';
import { Spinner } from '@/ui/spinner';
import { adminOrdersQueryKey, adminOrdersQueryOptions } from '../api/get-admin-orders';
import { adminStatisticsQueryKey } from '../api/get-admin-statistics';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useRefetchOnReturn } from '../hooks/use-refetch-on-return';
import {
  type AdminSearch,
  adminStatusFilters,
  isOrderStatus,
  isTemplateKey,
  listFiltersOf,
  refineFilters,
  resetFilters,
} from '../utils/admin-order-filters';
import { AdminOrderBoard } from './admin-order-board';
import { AdminOrderCard } from './admin-order-card';
import { AdminOrderPanel } from './admin-order-panel';
import { SavedViews } from './saved-views';
import { unknownFilters } from '../utils/unknown-filters';
import { SectionCard, SectionError } from '@/ui/section-card';

const DRAFTS = 'drafts';

interface AdminOrdersSectionProps {
  filters: AdminSearch;
  onFiltersChange: (filters: AdminSearch) => void;
}

/** The back-office orders: search and filters, the list (or the board) and the selected order's panel. */
export function AdminOrdersSection({ filters, onFiltersChange }: AdminOrdersSectionProps) {
  const { user } = useAdminSession();
  const canAct = user.role === 'admin';
  const query = useDebouncedValue(listFiltersOf(filters), 250);
  const unknown = unknownFilters(filters);
  const orders = useQuery({ ...adminOrdersQueryOptions(query), enabled: unknown.length === 0 });
  const now = new Date().toISOString();
  useForgetSessionOn401(orders.error);
  useRefetchOnReturn([adminOrdersQueryKey, adminStatisticsQueryKey, ['admin', 'order']]);
  const refine = (change: Partial<AdminSearch>) => onFiltersChange(refineFilters(filters, change));
  // Switching view changes the page's size: back to page 1 as for any change of the list.
  const showView = (next: 'list' | 'board') =>
    onFiltersChange({ ...filters, view: next === 'list' ? undefined : next, page: undefined });
  const view = filters.view ?? 'list';
  const total = orders.data?.total ?? 0;
  const pageCount = Math.max(1, orders.data?.pageCount ?? 1);
  const page = Math.min(filters.page ?? 1, pageCount);
  const select = (orderId: string | undefined) => onFiltersChange({ ...filters, order: orderId });

  return (
    <SectionCard
      id="commandes"
      title="Commandes"
      actions={
        <div role="group" aria-label="Affichage" className="flex gap-1 rounded-lg bg-slate-100 p-1">
          {(['list', 'board'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => showView(v)}
              className={cn(
                'rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary-500',
                view === v ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {v === 'list' ? 'Liste' : 'Tableau'}
            </button>
          ))}
        </div>
      }
    >
      <SavedViews filters={filters} onFiltersChange={onFiltersChange} />

      <form
        role="search"
        aria-label="Filtrer les commandes"
        className="grid gap-4 md:grid-cols-[2fr_1fr_1fr_1fr_auto] md:items-end"
        onSubmit={(event) => event.preventDefault()}
      >
        <Field label="Rechercher">
          {(control) => (
            <Input
              {...control}
              type="search"
              placeholder="Entreprise, email, secteur, ID ou n° de commande"
              value={filters.search ?? ''}
              onChange={(event) => refine({ search: event.target.value || undefined })}
            />
          )}
        </Field>
        <Field label="Statut">
          {(control) => (
            <Select
              {...control}
              value={filters.drafts ? DRAFTS : isOrderStatus(filters.status) ? filters.status : ''}
              onChange={({ target: { value } }) =>
                refine({
                  status: isOrderStatus(value) ? value : undefined,
                  drafts: value === DRAFTS ? true : undefined,
                })
              }
            >
              <option value="">Tous les statuts</option>
              {adminStatusFilters.map((status) => (
                <option key={status} value={status}>
                  {adminStatusLabels[status]}
                </option>
              ))}
              <option value={DRAFTS}>Brouillons</option>
            </Select>
          )}
        </Field>
        <Field label="Template">
          {(control) => (
            <Select
              {...control}
              value={filters.template ?? ''}
              onChange={({ target: { value } }) =>
                refine({ template: isTemplateKey(value) ? value : undefined })
              }
            >
              <option value="">Tous les templates</option>
              {Object.entries(templateLabels).map(([key, { name }]) => (
                <option key={key} value={key}>
                  {name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Trier par">
          {(control) => (
            <Select
              {...control}
              value={filters.sort ?? (query.queue ? 'waiting' : DEFAULT_ADMIN_ORDER_SORT)}
              onChange={({ target: { value } }) =>
                refine({
                  sort: adminOrderSorts.find((sort) => sort === value && sort !== DEFAULT_ADMIN_ORDER_SORT),
                })
              }
            >
              {adminOrderSorts.map((sort) => (
                <option key={sort} value={sort}>
                  {adminOrderSortLabels[sort]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="button" variant="outline" onClick={() => onFiltersChange(resetFilters(filters))}>
          Réinitialiser
        </Button>
      </form>

      {unknown.length > 0 ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4"
        >
          <p className="font-semibold text-amber-900">
            Ce filtre de l'adresse n'est pas reconnu : aucune commande n'est listée.
          </p>
          <ul className="list-disc pl-5 text-sm text-amber-900">
            {unknown.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => onFiltersChange(resetFilters(filters))}
          >
            Réinitialiser les filtres
          </Button>
        </div>
      ) : orders.data ? (
        <>
          <p role="status" className="text-sm text-slate-600">
            {total} {total > 1 ? 'commandes' : 'commande'}
            {filters.drafts ? ' (brouillons)' : ''}
            {query.catalogueVersion
              ? ` · ${total > 1 ? 'chiffrées' : 'chiffrée'} à la version ${query.catalogueVersion} du catalogue`
              : ''}
            {query.queue ? ` · ${adminOrderQueueLabels[query.queue]}, l'attente la plus longue d'abord` : ''}
          </p>
          <div
            className={cn(
              'grid gap-6',
              // The panel beside the list, or beside the board (which scrolls sideways inside its part).
              filters.order &&
                (view === 'list'
                  ? 'lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]'
                  : 'lg:grid-cols-[minmax(0,1fr)_minmax(22rem,26rem)]'),
            )}
          >
            <div className="flex min-w-0 flex-col gap-4">
              {view === 'board' ? (
                <AdminOrderBoard
                  adminId={user.id}
                  canAct={canAct}
                  filters={query}
                  selectedId={filters.order}
                  onSelect={select}
                />
              ) : (
                orders.data.orders.length > 0 && (
                  <ul aria-label="Liste des commandes" className="flex flex-col gap-2">
                    {orders.data.orders.map((order) => (
                      <AdminOrderCard
                        key={order.id}
                        order={order}
                        now={now}
                        selected={order.id === filters.order}
                        onSelect={() => select(order.id === filters.order ? undefined : order.id)}
                      />
                    ))}
                  </ul>
                )
              )}
              {view === 'list' && pageCount > 1 && (
                <nav aria-label="Pages de la liste" className="flex items-center justify-between gap-3">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={page === 1}
                    onClick={() =>
                      onFiltersChange({ ...filters, page: page - 1 === 1 ? undefined : page - 1 })
                    }
                  >
                    Précédent
                  </Button>
                  <p className="text-sm text-slate-600">
                    Page {page} sur {pageCount}
                  </p>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={page === pageCount}
                    onClick={() => onFiltersChange({ ...filters, page: page + 1 })}
                  >
                    Suivant
                  </Button>
                </nav>
              )}
            </div>
            {filters.order && (
              <AdminOrderPanel
                key={filters.order}
                adminId={user.id}
                canAct={canAct}
                orderId={filters.order}
                onClose={() => select(undefined)}
              />
            )}
          </div>
        </>
      ) : orders.isError ? (
        <SectionError message="Les commandes n’ont pas pu être chargées.">
          <Button
            variant="outline"
            size="sm"
            pending={orders.isFetching}
            onClick={() => void orders.refetch()}
          >
            Réessayer
          </Button>
        </SectionError>
      ) : (
        <Spinner label="Chargement des commandes..." className="py-8" />
      )}
    </SectionCard>
  );
}
