import { useSyncExternalStore } from 'react';

const nothingChanges = () => () => {};

/**
 * False while React hydrates prerendered HTML (it renders with the server's answer), true once the
 * page is live and its handlers attached; true at once for a page drawn in the browser.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    nothingChanges,
    () => true,
    () => false,
  );
