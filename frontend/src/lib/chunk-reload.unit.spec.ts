import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, reloadOnceForMissingChunk } from './chunk-reload';

const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
};

describe('a chunk that fails to load after a deploy', () => {
  it('is recognised by the messages of Chromium, Firefox and Safari, and by a failed CSS preload', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://coseso.fr/assets/order-form-Bx1.js',
      'error loading dynamically imported module: https://coseso.fr/assets/a.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/pricing-1a.css',
    ])
      expect(isChunkLoadError(new Error(message))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('reloads the page once, then not again within the guard, then again after it', () => {
    const storage = memoryStorage();
    let reloads = 0;
    const reload = () => void reloads++;
    const start = 1_700_000_000_000;
    expect(reloadOnceForMissingChunk({ storage, reload, now: start })).toBe(true);
    expect(reloadOnceForMissingChunk({ storage, reload, now: start + 1_000 })).toBe(false);
    expect(reloads).toBe(1);
    expect(reloadOnceForMissingChunk({ storage, reload, now: start + CHUNK_RELOAD_GUARD_MS })).toBe(true);
    expect(reloads).toBe(2);
  });
});
