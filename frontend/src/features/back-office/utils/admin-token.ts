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

export const bearerHeaders = (token: string): Record<string, string> => ({
  Authorization: `Bearer ${token}`,
});
