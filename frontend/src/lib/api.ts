import { adminAuthorization } from '@/lib/admin-session/admin-token';

// Paths not starting with http are prefixed with this base address (spec §7): empty when the API
// serves the SPA on the same origin, which is how Coseso is deployed. (No `import.meta.env` when
// the unit tests run these sources in Node.)
const baseUrl: string = import.meta.env?.VITE_API_BASE_URL ?? '';

export interface ApiErrorBody {
  message?: string;
  code?: string;
  fields?: Record<string, string>;
}

/** A non-ok answer. `message` follows the spec: `${status}: ${body text or status text}`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly serverMessage: string | undefined;
  readonly code: string | undefined;
  readonly fields: Readonly<Record<string, string>> | undefined;

  constructor(
    readonly status: number,
    message: string,
    body?: ApiErrorBody,
  ) {
    super(message);
    this.serverMessage = body?.message;
    this.code = body?.code;
    this.fields = body?.fields;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

// Read-your-writes: the highest global event position any answer reported (a command's, or the
// order a refusal was decided on). Queries send it so the API waits for its read models to catch up
// before answering. The tab keeps it (sessionStorage): a reload right after a save reads the save.
const POSITION_KEY = 'coseso:min-position';
let minPosition: bigint | undefined = storedPosition();

function storedPosition(): bigint | undefined {
  try {
    const stored = globalThis.sessionStorage?.getItem(POSITION_KEY);
    return stored && /^\d+$/.test(stored) ? BigInt(stored) : undefined;
  } catch {
    return undefined; // storage refused (privacy settings): this page's memory only
  }
}

function keepPosition(position: bigint | undefined): void {
  minPosition = position;
  try {
    if (position === undefined) globalThis.sessionStorage?.removeItem(POSITION_KEY);
    else globalThis.sessionStorage?.setItem(POSITION_KEY, position.toString());
  } catch {
    // storage refused: the position holds for this page
  }
}

function rememberPosition(response: Response): void {
  // The read model did not reach it in time (a projector stopped, a development log reset): asking
  // for it again would only make every read wait as long.
  if (response.headers.has('X-Projection-Behind')) return keepPosition(undefined);
  const header = response.headers.get('X-Event-Position')?.trim();
  if (!header || !/^\d+$/.test(header)) return;
  const position = BigInt(header);
  if (minPosition === undefined || position > minPosition) keepPosition(position);
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: ApiErrorBody | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') body = parsed as ApiErrorBody;
  } catch {
    body = undefined;
  }
  return new ApiError(response.status, `${response.status}: ${text || response.statusText}`, body);
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
  /** A back-office call: it sends the signed-in admin's token (`lib/admin-session`). */
  auth?: 'admin';
}

export async function apiFetch<T>(
  path: string,
  { method = 'GET', body, signal, auth }: RequestOptions = {},
): Promise<T> {
  const headers = new Headers(auth === 'admin' ? adminAuthorization() : {});
  headers.set('Accept', 'application/json');
  // A multipart body (file uploads) sets its own Content-Type, with its boundary.
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers.set('Content-Type', 'application/json');
  if (method === 'GET' && minPosition !== undefined) headers.set('X-Min-Position', minPosition.toString());

  const response = await fetch(path.startsWith('http') ? path : `${baseUrl}${path}`, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
    signal,
  });
  rememberPosition(response);
  if (!response.ok) throw await toApiError(response);

  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiFetch<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiFetch<T>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiFetch<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiFetch<T>(path, { ...options, method: 'DELETE', body }),
  /** The spec's "401 yields null" read mode, e.g. for the current user. */
  getOrNullIfUnauthorized: async <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => {
    try {
      return await apiFetch<T>(path, { ...options, method: 'GET' });
    } catch (error) {
      if (isApiError(error) && error.status === 401) return null;
      throw error;
    }
  },
};
