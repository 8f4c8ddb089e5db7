import { useMutation } from '@tanstack/react-query';
import { downloadAsAdmin } from '@/lib/download-file';
import { eventLogQueryString } from '../utils/event-log-query';
import { type EventLogFilters } from '../utils/event-log-search';

export type ExportFormat = 'ndjson' | 'csv';

/** The filtered log as a file. */
export function downloadEventLog(filters: EventLogFilters, format: ExportFormat): Promise<string> {
  const query = eventLogQueryString(filters);
  return downloadAsAdmin(
    `/api/admin/events/export.${format}${query ? `?${query}` : ''}`,
    `journal.${format}`,
  );
}

export function useDownloadEventLog() {
  return useMutation({
    mutationFn: ({ filters, format }: { filters: EventLogFilters; format: ExportFormat }) =>
      downloadEventLog(filters, format),
  });
}
