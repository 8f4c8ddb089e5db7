import { validateEvent } from '@coseso/event-schemas/catalog';
import { type ClientEvent } from '@coseso/event-schemas/client/client-events';
import { type Actor } from '@coseso/event-schemas/envelope';
import { ERASED } from '@coseso/event-schemas/personal-fields';
import { DomainError } from '../shared/domain-error.js';
import {
  type ClientCommand,
  type ClientOrderAtErasure,
  type ClientState,
  clientDecider,
} from './client-decider.js';

const CLIENT_ID = '2b9e4c1a-7d3f-4e8a-9b6c-5d4e3f2a1b0c';
const ORDER_ID = '8a7c2f1e-4b5d-4c3e-9f10-112233445566';
const system: Actor = { kind: 'system', id: 'onboarding' };
const client: Actor = { kind: 'client', id: CLIENT_ID };
const NOW = '2026-11-22T09:00:00.000Z';

const metadata = (actor: Actor, occurredAt: string) => ({
  actor,
  commandId: 'cmd',
  correlationId: 'cmd',
  causationId: 'cmd',
  occurredAt,
});

const accountCreated: ClientEvent = {
  type: 'ClientAccountCreated',
  data: {
    clientId: CLIENT_ID,
    email: 'claire@boulangerie.fr',
    firstName: 'Claire',
    lastName: 'Martin',
    firstOrderId: ORDER_ID,
  },
};

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type CommandInput = DistributiveOmit<ClientCommand, 'now'>;

/** Given these events, when this command, then exactly these events (each valid against its schema) or this refusal. */
function given(history: readonly ClientEvent[]) {
  const state = history.reduce<ClientState>(
    (current, event) => clientDecider.evolve(current, { ...event, metadata: metadata(system, NOW) }),
    clientDecider.initialState(),
  );
  return {
    state,
    when(command: CommandInput) {
      const attempt = () => clientDecider.decide({ ...command, now: NOW } as ClientCommand, state);
      return {
        then(expected: readonly ClientEvent[]) {
          const events = attempt();
          expect(events).toEqual(expected);
          for (const event of events)
            expect(
              validateEvent({ ...event, schemaVersion: 1, metadata: metadata(command.actor, NOW) }),
            ).toEqual({
              ok: true,
            });
        },
        thenFails(code: string) {
          expect(attempt).toThrow(DomainError);
          expect(attempt).toThrow(expect.objectContaining({ code }) as never);
        },
      };
    },
  };
}

const create = (email = 'claire@boulangerie.fr'): CommandInput => ({
  type: 'CreateClientAccount',
  actor: system,
  clientId: CLIENT_ID,
  email,
  firstName: 'Claire',
  lastName: 'Martin',
  firstOrderId: ORDER_ID,
});

describe('creating a client account', () => {
  it('records the account for the address, lower-cased', () => {
    given([]).when(create(' Claire@Boulangerie.FR ')).then([accountCreated]);
  });

  it('is done once: a returning client keeps the account it has', () => {
    given([accountCreated]).when(create()).thenFails('CLIENT.ACCOUNT_EXISTS');
  });

  it('needs an email address', () => {
    given([]).when(create('  ')).thenFails('CLIENT.EMAIL_REQUIRED');
  });

  it('knows who the client is afterwards', () => {
    expect(given([accountCreated]).state).toMatchObject({
      exists: true,
      clientId: CLIENT_ID,
      email: 'claire@boulangerie.fr',
      firstName: 'Claire',
      lastName: 'Martin',
      firstOrderId: ORDER_ID,
      createdAt: NOW,
    });
  });
});

describe('setting the password', () => {
  it('records that the client chose one, and through which link (never the password)', () => {
    given([accountCreated])
      .when({ type: 'RecordPasswordSet', actor: client, purpose: 'reset' })
      .then([{ type: 'ClientPasswordSet', data: { purpose: 'reset' } }]);
  });

  it('needs the account to exist', () => {
    given([])
      .when({ type: 'RecordPasswordSet', actor: client, purpose: 'initial' })
      .thenFails('CLIENT.NOT_FOUND');
  });
});

describe('changing the account’s email', () => {
  const admin: Actor = { kind: 'admin', id: 'admin-1' };
  const change = (email: string, actor = admin): CommandInput => ({
    type: 'ChangeClientEmail',
    actor,
    email,
    orderId: ORDER_ID,
  });
  const changed: ClientEvent = {
    type: 'ClientEmailChanged',
    data: { email: 'claire.martin@boulangerie.fr', orderId: ORDER_ID },
  };

  it('moves the login to the corrected address of one of its orders, once', () => {
    given([accountCreated]).when(change(' Claire.Martin@Boulangerie.fr ')).then([changed]);
    expect(given([accountCreated, changed]).state.email).toBe('claire.martin@boulangerie.fr');
    given([accountCreated, changed]).when(change('claire.martin@boulangerie.fr')).then([]);
  });

  it('is an admin’s, on an account that exists', () => {
    given([accountCreated]).when(change('x@y.fr', client)).thenFails('ADMIN.FORBIDDEN');
    given([]).when(change('x@y.fr')).thenFails('CLIENT.NOT_FOUND');
  });
});

describe('erasing the client’s personal data', () => {
  const admin: Actor = { kind: 'admin', id: 'admin-1' };
  const ORDER_2 = '3c4d5e6f-7a8b-4c9d-8e0f-a1b2c3d4e5f6';
  const erase = (
    orders: ClientOrderAtErasure[] = [
      { orderId: ORDER_ID, orderNumber: 1042, status: 'delivered', subscriptionActive: false },
      { orderId: ORDER_2, orderNumber: 1043, status: 'cancelled', subscriptionActive: false },
    ],
    actor: Actor = admin,
  ): CommandInput => ({
    type: 'EraseClientData',
    actor,
    reason: '  Demande du client par courrier  ',
    orders,
    plaintextEvents: 2,
  });
  const erased: ClientEvent = {
    type: 'ClientDataErased',
    data: {
      clientId: CLIENT_ID,
      orderIds: [ORDER_ID, ORDER_2],
      reason: 'Demande du client par courrier',
      plaintextEvents: 2,
    },
  };

  it('names the client’s orders whose keys go with its own, with the reason', () => {
    given([accountCreated]).when(erase()).then([erased]);
  });

  it('is done once', () => {
    given([accountCreated, erased]).when(erase()).thenFails('CLIENT.ALREADY_ERASED');
  });

  it('waits until no order is being worked on or billed', () => {
    given([accountCreated])
      .when(
        erase([{ orderId: ORDER_ID, orderNumber: 1042, status: 'in_progress', subscriptionActive: false }]),
      )
      .thenFails('CLIENT.ORDERS_OPEN');
    given([accountCreated])
      .when(erase([{ orderId: ORDER_ID, orderNumber: 1042, status: 'delivered', subscriptionActive: true }]))
      .thenFails('CLIENT.ORDERS_OPEN');
  });

  it('is an admin’s decision, with a reason, on an account that exists', () => {
    given([accountCreated]).when(erase(undefined, client)).thenFails('ADMIN.FORBIDDEN');
    given([accountCreated])
      .when({ ...erase(), reason: '   ' } as CommandInput)
      .thenFails('REQUEST.INVALID');
    given([]).when(erase()).thenFails('CLIENT.NOT_FOUND');
  });

  it('leaves an account without personal data, that no link can reopen', () => {
    const after = given([accountCreated, erased]);
    expect(after.state).toMatchObject({ email: ERASED, firstName: ERASED, lastName: ERASED, erasedAt: NOW });
    after.when({ type: 'RecordPasswordSet', actor: client, purpose: 'reset' }).thenFails('CLIENT.NOT_FOUND');
  });
});
