import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatDateTime } from '@/lib/format-date';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { Select } from '@/ui/select';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';
import { type ExportFormat, useDownloadEventLog } from '../api/download-event-log';
import { type EventLogItem, eventLogQueryOptions } from '../api/get-event-log';
import { actorKindLabels, actorLabel } from '../utils/actor-label';
import {
  actorKinds,
  eventTypes,
  type EventLogFilterProblems,
  type EventLogFilters,
  type EventLogSearch,
  readEventLogSearch,
} from '../utils/event-log-search';
import { IntegrityCheck } from './integrity-check';

interface EventLogPageProps {
  /** The filters as the URL holds them, readable or not. */
  search: EventLogSearch;
  onFiltersChange: (filters: EventLogSearch) => void;
}

const ORDER_STREAM = /^order-([0-9a-f-]{36})$/i;

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

const filterNames = ['orderRef', 'type', 'actorKind', 'actorId', 'from', 'to'] as const;
type FilterValues = Record<(typeof filterNames)[number], string>;

/** The filters as the form holds them: each named field, trimmed, absent when empty. */
function formFilters(values: Partial<Record<(typeof filterNames)[number], string>>): EventLogSearch {
  return Object.fromEntries(filterNames.map((name) => [name, values[name]?.trim() || undefined]));
}

/** A filter of the URL that cannot be read is shown empty in its select (it is none of the choices). */
const formValuesOf = (search: EventLogSearch, problems: EventLogFilterProblems): FilterValues => ({
  orderRef: search.orderRef ?? '',
  type: problems.type ? '' : (search.type ?? ''),
  actorKind: problems.actorKind ? '' : (search.actorKind ?? ''),
  actorId: search.actorId ?? '',
  from: search.from ?? '',
  to: search.to ?? '',
});

function EventLogFiltersForm({
  search,
  problems,
  onFiltersChange,
  onEdit,
}: EventLogPageProps & {
  problems: EventLogFilterProblems;
  onEdit: (filters: EventLogSearch) => void;
}) {
  // `values`: the form follows the URL's filters when they change (back button, reset).
  const form = useForm<FilterValues>({ values: formValuesOf(search, problems) });
  const submit = form.handleSubmit((values) => onFiltersChange(formFilters(values)));
  return (
    <form
      role="search"
      aria-label="Filtrer le journal"
      onSubmit={submit}
      // Each field's own handler has run: the form's values are the ones on screen.
      onChange={() => onEdit(formFilters(form.getValues()))}
      className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2 lg:grid-cols-3"
    >
      <FilterField label="Commande (numéro ou identifiant)" name="orderRef" problems={problems}>
        <Input {...form.register('orderRef')} {...problemProps(problems, 'orderRef')} placeholder="1042" />
      </FilterField>
      <FilterField label="Type d'événement" name="type" problems={problems}>
        <Select {...form.register('type')} {...problemProps(problems, 'type')}>
          <option value="">Tous</option>
          {eventTypes.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </Select>
      </FilterField>
      <FilterField label="Acteur" name="actorKind" problems={problems}>
        <Select {...form.register('actorKind')} {...problemProps(problems, 'actorKind')}>
          <option value="">Tous</option>
          {actorKinds.map((kind) => (
            <option key={kind} value={kind}>
              {actorKindLabels[kind]}
            </option>
          ))}
        </Select>
      </FilterField>
      <FilterField label="Identifiant de l'acteur" name="actorId" problems={problems}>
        <Input {...form.register('actorId')} {...problemProps(problems, 'actorId')} spellCheck={false} />
      </FilterField>
      {periodFields.map(([name, label]) => (
        <FilterField key={name} label={label} name={name} problems={problems}>
          <Input type="datetime-local" step={1} {...form.register(name)} {...problemProps(problems, name)} />
        </FilterField>
      ))}
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
        <Button type="submit">Filtrer</Button>
        <Button type="button" variant="outline" onClick={() => onFiltersChange({})}>
          Réinitialiser
        </Button>
      </div>
    </form>
  );
}

const periodFields = [
  ['from', 'Enregistré à partir du'],
  ['to', 'Enregistré avant le'],
] as const;

const problemId = (name: keyof EventLogFilters) => `event-log-filter-problem-${name}`;

/** Ties a field that cannot be read to its message, for assistive technologies. */
const problemProps = (problems: EventLogFilterProblems, name: keyof EventLogFilters) =>
  problems[name] ? { 'aria-invalid': true, 'aria-describedby': problemId(name) } : {};

function FilterField({
  label,
  name,
  problems,
  children,
}: {
  label: string;
  name: keyof EventLogFilters;
  problems: EventLogFilterProblems;
  children: React.ReactNode;
}) {
  const problem = problems[name];
  return (
    <div className="flex flex-col gap-1">
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        {label}
        {children}
      </label>
      {problem && (
        <p id={problemId(name)} className="text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
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

function EventList({ filters }: { filters: EventLogFilters }) {
  const log = useSuspenseInfiniteQuery(eventLogQueryOptions(filters));
  const events = log.data.pages.flatMap((page) => page.events);
  return (
    <section aria-labelledby="event-log-list" className="flex flex-col gap-3">
      <h2 id="event-log-list" className="text-lg font-semibold text-slate-900">
        Événements
      </h2>
      <p role="status" className="text-sm text-slate-600">
        {events.length === 0
          ? 'Aucun événement ne correspond à ces filtres.'
          : `${events.length} événement${events.length > 1 ? 's' : ''} affiché${events.length > 1 ? 's' : ''}${log.hasNextPage ? ' (il y en a d’autres)' : ''}`}
      </p>
      <ol aria-label="Événements du journal" className="flex flex-col gap-2">
        {events.map((event) => (
          <EventRow key={event.position} event={event} />
        ))}
      </ol>
      {log.hasNextPage && (
        <Button
          variant="outline"
          className="self-start"
          onClick={() => void log.fetchNextPage()}
          pending={log.isFetchingNextPage}
          pendingLabel="Chargement..."
        >
          Charger les événements suivants
        </Button>
      )}
    </section>
  );
}

function EventRow({ event }: { event: EventLogItem }) {
  const orderId = ORDER_STREAM.exec(event.streamId)?.[1];
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs" data-event-type={event.type}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-medium text-slate-900 wrap-anywhere">
          <span className="font-mono text-sm">{event.type}</span>
          {event.description && <span className="text-slate-700"> · {event.description}</span>}
        </p>
        <p className="text-xs text-slate-500">
          n° {event.position} · {formatDateTime(event.occurredAt ?? event.recordedAt)}
        </p>
      </div>
      <p className="mt-1 text-sm text-slate-600 wrap-anywhere">
        {actorLabel(event.actor)} · flux <span className="font-mono text-xs">{event.streamId}</span> ·
        révision {event.streamRevision}
        {orderId && (
          <>
            {' · '}
            <Link
              to="/admin/orders/$orderId/history"
              params={{ orderId }}
              className="font-medium text-primary-700 underline underline-offset-2"
            >
              Historique de la commande
            </Link>
          </>
        )}
      </p>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-slate-700">Données et métadonnées</summary>
        <div className="mt-2 grid gap-3 lg:grid-cols-2">
          <JsonBlock title="Données" value={event.data} />
          <JsonBlock title="Métadonnées" value={event.metadata} />
        </div>
        <p className="mt-2 font-mono text-xs text-slate-500 wrap-anywhere">
          Identifiant {event.eventId} · version {event.schemaVersion} · empreinte {event.hash ?? '—'}
        </p>
      </details>
    </li>
  );
}

function JsonBlock({ title, value }: { title: string; value: unknown }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      <pre className="max-h-80 overflow-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">
        {JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}
