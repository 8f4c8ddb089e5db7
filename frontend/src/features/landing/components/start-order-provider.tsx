import { createContext, type ReactNode, use, useState } from 'react';
import { dismissToasts, showErrorToast } from '@/ui/toaster';

interface StartOrderState {
  /** The button whose order is being created, if any. */
  pendingButton: string | null;
  start: (buttonId: string) => void;
}

const StartOrderContext = createContext<StartOrderState | null>(null);

/**
 * Shares one "start an order" action between every start button of the landing page: the button
 * that was clicked reads 'Préparation...', the others are disabled so one visit creates one order.
 */
export function StartOrderProvider({
  onStartOrder,
  children,
}: {
  /** Creates the order and opens its wizard; rejects when the order could not be created. */
  onStartOrder: () => Promise<void>;
  children: ReactNode;
}) {
  const [pendingButton, setPendingButton] = useState<string | null>(null);

  const start = (buttonId: string) => {
    if (pendingButton) return;
    setPendingButton(buttonId);
    dismissToasts();
    onStartOrder().catch(() => {
      setPendingButton(null);
      showErrorToast('Erreur', 'Impossible de créer la commande. Veuillez réessayer.');
    });
  };

  return (
    <StartOrderContext value={{ pendingButton, start }}>
      {/* The page is prerendered and painted before its script runs: until then the start buttons
          submit this form, and /order-form creates the order and opens the wizard. */}
      <form id={START_ORDER_FORM} action="/order-form" method="get" hidden />
      {children}
    </StartOrderContext>
  );
}

/** The form every start button submits when the page is not interactive yet. */
export const START_ORDER_FORM = 'start-order';

export function useStartOrder(): StartOrderState {
  const state = use(StartOrderContext);
  if (!state) throw new Error('useStartOrder must be used inside <StartOrderProvider>');
  return state;
}
