/**
 * After a deploy, a page still open asks for the previous build's chunks, which are gone: it is
 * reloaded once, so the new build serves it (the wizard autosaves, so an open order survives). A
 * second failure within the guard's window is a real error: it is shown, never reloaded in a loop.
 */

const RELOADED_AT = 'coseso:chunk-reload-at';
export const CHUNK_RELOAD_GUARD_MS = 60_000;

/** The browsers' words for a dynamic import or a preload that could not be fetched. */
const chunkLoadMessage =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return chunkLoadMessage.test(error instanceof Error ? error.message : String(error ?? ''));
}

interface ReloadDeps {
  readonly storage: Pick<Storage, 'getItem' | 'setItem'>;
  readonly reload: () => void;
  readonly now: number;
}

/** Reloads the page unless it was already reloaded for a missing chunk within the guard's window. */
export function reloadOnceForMissingChunk({ storage, reload, now }: ReloadDeps): boolean {
  const last = Number(storage.getItem(RELOADED_AT) ?? 0);
  if (Number.isFinite(last) && now - last >= 0 && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(RELOADED_AT, String(now));
  reload();
  return true;
}

const browserDeps = (): ReloadDeps => ({
  storage: window.sessionStorage,
  reload: () => window.location.reload(),
  now: Date.now(),
});

/** Vite reports every chunk or preload that fails (`vite:preloadError`): reload once for it. */
export function installChunkReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    // The reload replaces the page: the failed import need not reach the error page meanwhile.
    if (reloadOnceForMissingChunk(browserDeps())) event.preventDefault();
  });
}

/** For the route error page: an error that is a missing chunk reloads once instead of being shown. */
export function reloadIfMissingChunk(error: unknown): boolean {
  return isChunkLoadError(error) && reloadOnceForMissingChunk(browserDeps());
}
