import { adminStatusLabels } from '@coseso/domain/orders/order-status';
import { templateLabels, WIZARD_STEP_COUNT } from '@coseso/domain/orders/wizard';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@/lib/format-date';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Field } from '@/ui/field';
import { Input } from '@/ui/input';
import { Progress } from '@/ui/progress';
import { Select } from '@/ui/select';
import { Spinner } from '@/ui/spinner';
import { type AdminOrderRow, adminOrdersQueryOptions } from '../api/get-admin-orders';
import { useForgetSessionOn401 } from '../hooks/use-forget-session-on-401';
import {
  type AdminSearch,
  adminStatusFilters,
  isTemplateKey,
  matchesAdminFilters,
  pageOf,
} from '../utils/admin-order-filters';
import { SectionCard, SectionError } from './section-card';

const isStatusFilter = (value: string): value is (typeof adminStatusFilters)[number] =>
  (adminStatusFilters as readonly string[]).includes(value);

interface AdminOrdersSectionProps {
  token: string;
  filters: AdminSearch;
  /** Any change of search or filter goes back to page 1 (spec §5); the page alone keeps the rest. */
  onFiltersChange: (filters: AdminSearch) => void;
}

/** The back-office order list: search, status and template filters, 10 orders a page. */
export function AdminOrdersSection({ token, filters, onFiltersChange }: AdminOrdersSectionProps) {
  const orders = useQuery(adminOrdersQueryOptions(token));
  useForgetSessionOn401(orders.error);
  const matching = orders.data?.filter((order) => matchesAdminFilters(order, filters)) ?? [];
  const shown = pageOf(matching, filters.page);
  const refine = (change: Partial<AdminSearch>) =>
    onFiltersChange({ ...filters, ...change, page: undefined });

  return (
    <SectionCard id="commandes" title="Commandes">
      <form
        role="search"
        aria-label="Filtrer les commandes"
        className="grid gap-4 md:grid-cols-[2fr_1fr_1fr_auto] md:items-end"
        onSubmit={(event) => event.preventDefault()}
      >
        <Field label="Rechercher">
          {(control) => (
            <Input
              {...control}
              type="search"
              placeholder="Entreprise, email, secteur ou ID"
              value={filters.search ?? ''}
              onChange={(event) => refine({ search: event.target.value || undefined })}
            />
          )}
        </Field>
        <Field label="Statut">
          {(control) => (
            <Select
              {...control}
              value={filters.status ?? ''}
              onChange={({ target: { value } }) =>
                refine({ status: isStatusFilter(value) ? value : undefined })
              }
            >
              <option value="">Tous les statuts</option>
              {adminStatusFilters.map((status) => (
                <option key={status} value={status}>
                  {adminStatusLabels[status]}
                </option>
              ))}
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
        <Button type="button" variant="outline" onClick={() => onFiltersChange({})}>
          Réinitialiser
        </Button>
      </form>

      {orders.data ? (
        <>
          <p role="status" className="text-sm text-slate-600">
            {matching.length} {matching.length > 1 ? 'commandes' : 'commande'}
          </p>
          {shown.items.length > 0 && (
            <ul aria-label="Liste des commandes" className="flex flex-col divide-y divide-slate-100">
              {shown.items.map((order) => (
                <AdminOrderItem key={order.id} order={order} />
              ))}
            </ul>
          )}
          {shown.pageCount > 1 && (
            <nav aria-label="Pages de la liste" className="flex items-center justify-between gap-3">
              <Button
                variant="outline"
                size="sm"
                disabled={shown.page === 1}
                onClick={() => onFiltersChange({ ...filters, page: shown.page - 1 })}
              >
                Précédent
              </Button>
              <p className="text-sm text-slate-600">
                Page {shown.page} sur {shown.pageCount}
              </p>
              <Button
                variant="outline"
                size="sm"
                disabled={shown.page === shown.pageCount}
                onClick={() => onFiltersChange({ ...filters, page: shown.page + 1 })}
              >
                Suivant
              </Button>
            </nav>
          )}
        </>
      ) : orders.isError ? (
        <SectionError message="La liste des commandes n'a pas pu être chargée.">
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

function AdminOrderItem({ order }: { order: AdminOrderRow }) {
  return (
    <li className="flex flex-col gap-2 py-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col">
          <p className="font-semibold text-slate-900 wrap-anywhere">
            {order.companyName || `Commande #${order.orderNumber}`}
          </p>
          <p className="text-sm text-slate-600 wrap-anywhere">
            {[order.companySector, order.contactEmail].filter(Boolean).join(' · ')}
          </p>
        </div>
        <Badge tone={order.status === 'delivered' ? 'success' : 'primary'}>
          <span className="sr-only">Statut : </span>
          {adminStatusLabels[order.status]}
        </Badge>
      </div>
      <Progress
        value={order.currentStep}
        max={WIZARD_STEP_COUNT}
        label={`Formulaire de ${order.companyName || `la commande #${order.orderNumber}`}`}
        valueText={`Étape ${order.currentStep} sur ${WIZARD_STEP_COUNT}`}
        className="max-w-xs"
      />
      <p className="text-xs text-slate-500">Dernière activité le {formatDate(order.lastActiveAt)}</p>
    </li>
  );
}
