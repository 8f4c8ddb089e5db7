import { adminAuthorization } from '@/lib/admin-session/admin-token';
import { ApiError } from '@/lib/api';

// Same base address as every other call (src/lib/api.ts).
const baseUrl: string = import.meta.env?.VITE_API_BASE_URL ?? '';

function fileNameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallback;
}

/**
 * A back-office file (an export, a bundle) handed to the browser as a download. It needs the
 * signed-in admin's token, which a plain link cannot send: it is fetched, then saved from an object URL.
 * Resolves with the file's name.
 */
export async function downloadAsAdmin(path: string, fallbackName: string): Promise<string> {
  const response = await fetch(`${baseUrl}${path}`, { headers: adminAuthorization() });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`);
  }
  const blob = await response.blob();
  const name = fileNameOf(response, fallbackName);
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
