import { Toaster as Sonner, toast } from 'sonner';

export function Toaster() {
  return (
    <Sonner
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
  );
}

// One toast at a time: a new one replaces whatever is on screen.
export function showErrorToast(title: string, description?: string): void {
  toast.dismiss();
  toast.error(title, { description });
}

export function dismissToasts(): void {
  toast.dismiss();
}

export function showSuccessToast(title: string, description?: string): void {
  toast.dismiss();
  toast.success(title, { description });
}
