import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { eventLogQueryString } from '../utils/event-log-query';
import { type EventLogFilters } from '../utils/event-log-search';
import { bearer } from './bearer';

export type ExportFormat = 'ndjson' | 'csv';

// Same base address as every other call (src/lib/api.ts).
const baseUrl: string = import.meta.env.VITE_API_BASE_URL ?? '';

const fallbackName = (format: ExportFormat) => `journal.${format}`;

function fileNameOf(response: Response, format: ExportFormat): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName(format);
}

/**
 * The filtered log as a file. The export needs the bearer token, which a plain link cannot send:
 * it is fetched, then handed to the browser as a download.
 */
export async function downloadEventLog(
  token: string,
  filters: EventLogFilters,
  format: ExportFormat,
): Promise<string> {
  const query = eventLogQueryString(filters);
  const response = await fetch(`${baseUrl}/api/admin/events/export.${format}${query ? `?${query}` : ''}`, {
    headers: bearer(token),
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`);
  }
  const blob = await response.blob();
  const name = fileNameOf(response, format);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download from the object URL by now.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

export function useDownloadEventLog(token: string) {
  return useMutation({
    mutationFn: ({ filters, format }: { filters: EventLogFilters; format: ExportFormat }) =>
      downloadEventLog(token, filters, format),
  });
}
