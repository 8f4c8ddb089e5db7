import { eventTypeLabel } from '@coseso/domain/events/event-type-labels';
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatDateTime } from '@/lib/format-date';
import { Button } from '@/ui/button';
import { type EventLogItem, eventLogQueryOptions } from '../api/get-event-log';
import { actorLabel } from '../utils/actor-label';
import { type EventLogFilters } from '../utils/event-log-search';

const ORDER_STREAM = /^order-([0-9a-f-]{36})$/i;

/** The filtered log, page after page, each event with its data and metadata. */
export function EventList({ filters }: { filters: EventLogFilters }) {
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
          <span>{eventTypeLabel(event.type)}</span>
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
