import { type Actor } from '@coseso/event-schemas/envelope';
import { type ClientEvent } from '@coseso/event-schemas/client/client-events';
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
  | (Base<'RecordPasswordSet'> & { purpose: 'initial' | 'reset' });

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
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export const clientAccountExists = () =>
  new DomainError(ErrorCode.CLIENT_ACCOUNT_EXISTS, 'Ce compte client existe déjà.', 'conflict');

/** The client account's rules: created once, for an address; a password only for an account. */
export function decideClient(command: ClientCommand, state: ClientState): ClientEvent[] {
  switch (command.type) {
    case 'CreateClientAccount': {
      if (state.exists) throw clientAccountExists();
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
      if (!state.exists)
        throw new DomainError(ErrorCode.CLIENT_NOT_FOUND, 'Compte client introuvable', 'not_found');
      return [{ type: 'ClientPasswordSet', data: { purpose: command.purpose } }];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const clientDecider: Decider<ClientCommand, ClientState, ClientEvent> = {
  initialState: initialClientState,
  evolve: evolveClient,
  decide: decideClient,
};
