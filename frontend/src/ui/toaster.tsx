import { lazy, Suspense, useSyncExternalStore } from 'react';

type Sonner = typeof import('sonner');

// sonner is a tenth of the landing page's first-load script and most visits never show a toast: it
// loads with the first one. One promise, so toasts asked for in a row are shown in that order.
let sonner: Promise<Sonner> | undefined;
const loadSonner = () => (sonner ??= import('sonner'));

const SonnerToaster = lazy(() => loadSonner().then(({ Toaster }) => ({ default: Toaster })));

let toasterWanted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Where toasts appear. It renders nothing until the first toast is asked for (so the prerendered
 * landing page and its hydration have no toaster either); sonner then shows the toasts created
 * before it mounted.
 */
export function Toaster() {
  const wanted = useSyncExternalStore(
    subscribe,
    () => toasterWanted,
    () => false,
  );
  if (!wanted) return null;
  return (
    <Suspense>
      <SonnerToaster
        position="bottom-right"
        visibleToasts={1}
        duration={5000}
        richColors
        closeButton
        containerAriaLabel="Notifications"
        toastOptions={{
          closeButtonAriaLabel: 'Fermer la notification',
          classNames: { title: 'font-semibold', toast: 'font-sans' },
        }}
      />
    </Suspense>
  );
}

function withSonner(show: (toast: Sonner['toast']) => void): void {
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of listeners) listener();
  }
  loadSonner().then(
    ({ toast }) => show(toast),
    (error: unknown) => console.error('The notifications could not be loaded', error),
  );
}

// One toast at a time: a new one replaces whatever is on screen.
export function showErrorToast(title: string, description?: string): void {
  withSonner((toast) => {
    toast.dismiss();
    toast.error(title, { description });
  });
}

export function dismissToasts(): void {
  // Nothing can be on screen before the first toast: no need to load sonner for this.
  if (toasterWanted) withSonner((toast) => toast.dismiss());
}

export function showSuccessToast(title: string, description?: string): void {
  withSonner((toast) => {
    toast.dismiss();
    toast.success(title, { description });
  });
}
