import { type Actor } from '@coseso/event-schemas/envelope';
import { type ClientEvent } from '@coseso/event-schemas/client/client-events';
import { ERASED } from '@coseso/event-schemas/personal-fields';
import { type OrderStatus } from '../orders/order-status.js';
import { type Decider, type Recorded } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import { ErrorCode } from '../shared/error-codes.js';

interface Base<T extends string> {
  readonly type: T;
  readonly actor: Actor;
  readonly now: string;
}

export type ClientCommand =
  | (Base<'CreateClientAccount'> & {
      clientId: string;
      email: string;
      firstName: string;
      lastName: string;
      firstOrderId: string;
    })
  | (Base<'RecordPasswordSet'> & { purpose: 'initial' | 'reset' })
  /** The team corrected the contact email of `orderId`, one of the client's orders: the login moves with it. */
  | (Base<'ChangeClientEmail'> & { email: string; orderId: string })
  | (Base<'EraseClientData'> & {
      reason: string;
      /** The client's orders as their streams stand (the handler reads them): erasure waits for them to end. */
      orders: readonly ClientOrderAtErasure[];
      /** Events of these streams stored in clear before encryption existed (counted by the handler). */
      plaintextEvents: number;
    });

export interface ClientOrderAtErasure {
  readonly orderId: string;
  readonly orderNumber: number;
  readonly status: OrderStatus;
  readonly subscriptionActive: boolean;
}

/** What the decider knows of a client account (the secrets live outside the log). */
export interface ClientState {
  readonly exists: boolean;
  readonly clientId: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly firstOrderId: string | null;
  readonly createdAt: string | null;
  readonly passwordSetAt: string | null;
  /** When the client's personal data was erased (right to be forgotten); final. */
  readonly erasedAt: string | null;
}

export const initialClientState = (): ClientState => ({
  exists: false,
  clientId: '',
  email: '',
  firstName: '',
  lastName: '',
  firstOrderId: null,
  createdAt: null,
  passwordSetAt: null,
  erasedAt: null,
});

export function evolveClient(state: ClientState, event: Recorded<ClientEvent>): ClientState {
  switch (event.type) {
    case 'ClientAccountCreated':
      return {
        ...state,
        exists: true,
        clientId: event.data.clientId,
        email: event.data.email,
        firstName: event.data.firstName,
        lastName: event.data.lastName,
        firstOrderId: event.data.firstOrderId,
        createdAt: event.metadata.occurredAt,
      };
    case 'ClientPasswordSet':
      return { ...state, passwordSetAt: event.metadata.occurredAt };
    case 'ClientEmailChanged':
      return { ...state, email: event.data.email };
    case 'ClientDataErased':
      return {
        ...state,
        email: ERASED,
        firstName: ERASED,
        lastName: ERASED,
        erasedAt: event.metadata.occurredAt,
      };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** The client account's rules: created once, for an address; a password only for an account. */
export function decideClient(command: ClientCommand, state: ClientState): ClientEvent[] {
  switch (command.type) {
    case 'CreateClientAccount': {
      if (state.exists)
        throw new DomainError(ErrorCode.CLIENT_ACCOUNT_EXISTS, 'Ce compte client existe déjà.', 'conflict');
      const email = command.email.trim().toLowerCase();
      if (!email)
        throw new DomainError(
          ErrorCode.CLIENT_EMAIL_REQUIRED,
          'Un compte client a besoin d’un email.',
          'invalid',
        );
      const { clientId, firstName, lastName, firstOrderId } = command;
      return [{ type: 'ClientAccountCreated', data: { clientId, email, firstName, lastName, firstOrderId } }];
    }
    case 'RecordPasswordSet':
      if (!state.exists || state.erasedAt)
        throw new DomainError(ErrorCode.CLIENT_NOT_FOUND, 'Compte client introuvable', 'not_found');
      return [{ type: 'ClientPasswordSet', data: { purpose: command.purpose } }];
    case 'ChangeClientEmail': {
      if (command.actor.kind !== 'admin')
        throw new DomainError(
          ErrorCode.ADMIN_FORBIDDEN,
          'Seul un administrateur peut changer l’email d’un compte client.',
          'forbidden',
        );
      if (!state.exists || state.erasedAt)
        throw new DomainError(ErrorCode.CLIENT_NOT_FOUND, 'Compte client introuvable', 'not_found');
      const email = command.email.trim().toLowerCase();
      if (email === state.email) return [];
      return [{ type: 'ClientEmailChanged', data: { email, orderId: command.orderId } }];
    }
    case 'EraseClientData':
      return decideErasure(command, state);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

/** Statuses after which nothing more is done for the client: its data is no longer needed. */
const endedStatuses: readonly OrderStatus[] = ['delivered', 'cancelled'];

/**
 * The right to be forgotten: by an admin, with a reason, once, and only when no order of the client
 * is still being worked on or billed (an open order needs its contact: cancel it first).
 */
function decideErasure(
  command: Extract<ClientCommand, { type: 'EraseClientData' }>,
  state: ClientState,
): ClientEvent[] {
  if (command.actor.kind !== 'admin')
    throw new DomainError(
      ErrorCode.ADMIN_FORBIDDEN,
      'Seul un administrateur peut effacer les données d’un client.',
      'forbidden',
    );
  if (!state.exists)
    throw new DomainError(ErrorCode.CLIENT_NOT_FOUND, 'Compte client introuvable', 'not_found');
  if (state.erasedAt)
    throw new DomainError(
      ErrorCode.CLIENT_ALREADY_ERASED,
      'Les données de ce client ont déjà été effacées.',
      'conflict',
    );
  const reason = command.reason.trim();
  if (!reason)
    throw new DomainError(ErrorCode.REQUEST_INVALID, 'Indiquez la raison de l’effacement.', 'invalid', {
      reason: 'Indiquez la raison de l’effacement.',
    });
  const open = command.orders.filter((o) => !endedStatuses.includes(o.status) || o.subscriptionActive);
  if (open.length > 0)
    throw new DomainError(
      ErrorCode.CLIENT_ORDERS_OPEN,
      `Les données ne peuvent pas être effacées tant qu’une commande est en cours ou un abonnement actif (${open
        .map((o) => `commande #${o.orderNumber}`)
        .join(', ')}) : annulez-la ou résiliez l’abonnement d’abord.`,
      'conflict',
    );
  return [
    {
      type: 'ClientDataErased',
      data: {
        clientId: state.clientId,
        orderIds: command.orders.map((o) => o.orderId),
        reason,
        plaintextEvents: command.plaintextEvents,
      },
    },
  ];
}

export const clientDecider: Decider<ClientCommand, ClientState, ClientEvent> = {
  initialState: initialClientState,
  evolve: evolveClient,
  decide: decideClient,
};
