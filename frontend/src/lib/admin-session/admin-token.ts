/** Where the back-office token lives in the browser (spec §3 "admin session"). */
export const ADMIN_TOKEN_KEY = 'admin-token';

// The server's token format: anything else in storage is not ours to send.
const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

export type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

// Storage can be missing or refuse access (privacy settings): the session then lasts as long as the page.
function browserStorage(): TokenStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readAdminToken(storage: TokenStorage | null = browserStorage()): string | null {
  try {
    const token = storage?.getItem(ADMIN_TOKEN_KEY) ?? null;
    return token !== null && TOKEN.test(token) ? token : null;
  } catch {
    return null;
  }
}

export function saveAdminToken(token: string, storage: TokenStorage | null = browserStorage()): void {
  try {
    storage?.setItem(ADMIN_TOKEN_KEY, token);
  } catch {
    // Kept in memory only.
  }
}

export function clearAdminToken(storage: TokenStorage | null = browserStorage()): void {
  try {
    storage?.removeItem(ADMIN_TOKEN_KEY);
  } catch {
    // Nothing was stored.
  }
}

// The token this page sends: what sign-in saved, or what storage held when the page first needed it.
// Kept here too, so that a browser refusing storage still keeps the session for the page's life.
let pageToken: string | null | undefined;

/** The signed-in back-office user's token, or null. */
export function currentAdminToken(): string | null {
  if (pageToken === undefined) pageToken = readAdminToken();
  return pageToken;
}

/**
 * The session check: a token another tab of this browser stored since is the one to check; without
 * storage, the page's own.
 */
export function adoptStoredAdminToken(): string | null {
  const stored = readAdminToken();
  if (stored) pageToken = stored;
  return currentAdminToken();
}

/** Signing in: every back-office call from now on sends this token. */
export function rememberAdminToken(token: string, storage?: TokenStorage | null): void {
  pageToken = token;
  saveAdminToken(token, storage);
}

/** Signing out, or the server said the token is over: no call sends it any more. */
export function forgetAdminToken(storage?: TokenStorage | null): void {
  pageToken = null;
  clearAdminToken(storage);
}

/**
 * The one place the back-office's `Authorization` header is written: the API client
 * (`auth: 'admin'`) and the two calls that read a raw answer (downloads, server-sent events).
 * Empty without a session: the server then answers 401, as to any visitor.
 */
export function adminAuthorization(): Record<string, string> {
  const token = currentAdminToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}
