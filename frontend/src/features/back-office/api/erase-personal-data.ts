import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ClientDataErasure, eraseClientData } from './erase-client-data';
import { type OrderContactErasure, eraseOrderContact } from './erase-order-contact';
import { adminOrderQueryKey } from './get-admin-order';
import { adminOrdersQueryKey } from './get-admin-orders';

/** Whose data is erased: a client (every order of the account), or the contact of an order that has no client. */
export type ErasureTarget = { kind: 'client'; clientId: string } | { kind: 'contact'; orderId: string };

export type Erasure = ClientDataErasure | OrderContactErasure;

/**
 * Erases, then reloads every order view: the orders erased now read « données effacées ». `on` is
 * told the outcome even once the dialog that asked is gone (the contact's erasure removes its own
 * button from the panel).
 */
export function useErasePersonalData(on: {
  success: (erasure: Erasure) => void;
  failure: (error: unknown) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, reason }: { target: ErasureTarget; reason: string }): Promise<Erasure> =>
      target.kind === 'client'
        ? eraseClientData(target.clientId, reason)
        : eraseOrderContact(target.orderId, reason),
    onSuccess: (erasure) => {
      // The contact's order as the erasure left it, shown at once (the reload below follows).
      if ('order' in erasure) queryClient.setQueryData(adminOrderQueryKey(erasure.orderId), erasure.order);
      on.success(erasure);
    },
    onError: (error) => on.failure(error),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'order'] }),
      ]),
  });
}
