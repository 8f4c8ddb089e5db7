import { validateEvent } from '@coseso/event-schemas/catalog';
import { type ClientEvent } from '@coseso/event-schemas/client/client-events';
import { type Actor } from '@coseso/event-schemas/envelope';
import { DomainError } from '../shared/domain-error.js';
import { type ClientCommand, type ClientState, clientDecider } from './client-decider.js';

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

type CommandInput = ClientCommand extends infer C ? (C extends unknown ? Omit<C, 'now'> : never) : never;

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
