import { useState } from 'react';
import { Button } from '@/ui/button';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';
import { type ExportFormat, useDownloadEventLog } from '../api/download-event-log';
import { type EventLogFilters, type EventLogSearch, readEventLogSearch } from '../utils/event-log-search';
import { EventLogFiltersForm, formFilters } from './event-log-filters-form';
import { EventList } from './event-log-list';
import { IntegrityCheck } from './integrity-check';

interface EventLogPageProps {
  /** The filters as the URL holds them, readable or not. */
  search: EventLogSearch;
  onFiltersChange: (filters: EventLogSearch) => void;
}

/** The auditors' explorer over the whole event log: filters, pages by position, exports and the integrity check. */
export function EventLogPage({ search, onFiltersChange }: EventLogPageProps) {
  const read = readEventLogSearch(search);
  // The filters typed but not applied yet, and which applied ones they were typed over: the export
  // takes the applied filters only, so it waits while the form shows others.
  const [edited, setEdited] = useState<{ over: string; filters: string } | null>(null);
  const applied = JSON.stringify(formFilters(search));
  const unapplied = edited !== null && edited.over === applied && edited.filters !== applied;
  return (
    <>
      <title>Journal d'événements · Coseso</title>
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-1">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Journal d'événements</h1>
          <p className="text-slate-600">
            Tout ce qui est arrivé aux commandes et aux comptes, dans l'ordre où le journal l'a enregistré.
          </p>
        </div>
        <IntegrityCheck />
        <EventLogFiltersForm
          search={search}
          problems={read.ok ? {} : read.problems}
          onFiltersChange={onFiltersChange}
          onEdit={(filters) => setEdited({ over: applied, filters: JSON.stringify(filters) })}
        />
        <ExportButtons filters={read.ok ? read.filters : null} unapplied={unapplied} />
        {read.ok ? (
          <EventList filters={read.filters} />
        ) : (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            Un filtre ne peut pas être lu : corrigez-le pour afficher ou exporter le journal. Sans lui, la
            liste couvrirait plus que ce qui est demandé.
          </p>
        )}
      </div>
    </>
  );
}

/**
 * `filters` null: a filter cannot be read, and nothing is exported until it is corrected. While the
 * form shows filters not applied yet, the export waits too: it would not be what the page shows.
 */
function ExportButtons({ filters, unapplied }: { filters: EventLogFilters | null; unapplied: boolean }) {
  const exportable = filters !== null && !unapplied;
  const download = useDownloadEventLog();
  const run = (format: ExportFormat) =>
    exportable &&
    download.mutate(
      { filters, format },
      {
        onSuccess: (name) => showSuccessToast('Export prêt', `Le fichier ${name} est téléchargé.`),
        onError: () => showErrorToast("L'export a échoué", 'Réessayez dans un instant.'),
      },
    );
  const pending = download.isPending ? download.variables.format : null;
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Exporter le journal filtré">
      <span className="text-sm text-slate-600">Exporter le journal filtré :</span>
      <Button
        size="sm"
        variant="outline"
        onClick={() => run('ndjson')}
        disabled={!exportable}
        pending={pending === 'ndjson'}
        pendingLabel="Export..."
      >
        Exporter en NDJSON
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => run('csv')}
        disabled={!exportable}
        pending={pending === 'csv'}
        pendingLabel="Export..."
      >
        Exporter en CSV
      </Button>
      {unapplied && filters && (
        <span className="text-sm text-slate-600">
          Cliquez sur « Filtrer » pour exporter les filtres saisis.
        </span>
      )}
    </div>
  );
}
