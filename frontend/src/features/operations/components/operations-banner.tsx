import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { textLinkClasses } from '@/ui/text-link';
import { projectionsQueryOptions } from '../api/get-projections';
import { LAG_WARNING_SECONDS, formatDuration, projectorLabel } from '../utils/operations-labels';

/**
 * Shown across the back-office when a read model is behind by more than a few seconds or has
 * stopped, so that nobody acts on a stale list without knowing.
 */
export function OperationsBanner() {
  const { data } = useQuery(projectionsQueryOptions());
  const late = (data ?? []).filter((p) => p.state === 'failed' || p.lagSeconds > LAG_WARNING_SECONDS);
  if (late.length === 0) return null;
  return (
    <div
      role="status"
      className="mb-6 flex flex-col gap-1 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      data-testid="operations-banner"
    >
      <p className="font-semibold">Les données affichées peuvent ne pas être à jour.</p>
      <ul className="list-inside list-disc">
        {late.map((p) => (
          <li key={p.name}>
            « {projectorLabel(p.name)} »{' '}
            {p.state === 'failed'
              ? `est arrêté sur l'événement n° ${p.errorPosition ?? '?'}.`
              : `a ${formatDuration(p.lagSeconds)} de retard (${p.lagEvents} événement${p.lagEvents > 1 ? 's' : ''}).`}
          </li>
        ))}
      </ul>
      <p>
        <Link to="/admin/operations" className={textLinkClasses}>
          Voir les opérations
        </Link>
      </p>
    </div>
  );
}
