import { randomUUID } from 'node:crypto';
import { clientStreamId, readClientEvent } from '@coseso/domain/events/event-reader';
import { validateEvent } from '@coseso/event-schemas/catalog';
import { PostgresEventStore } from '@coseso/event-store/postgres-adapter';
import { type TestSchema, createTestSchema } from '@coseso/database/testing/postgres-test-schema';
import { allMigrations } from '../infra/database/all-migrations.js';
import { ClientCommandRunner } from './client-command-runner.js';

// Two runners on one store stand for two processes (two onboarding workers racing on one email).
let db: TestSchema;
let store: PostgresEventStore;
let here: ClientCommandRunner;
let there: ClientCommandRunner;
const system = { actor: { kind: 'system' as const, id: 'onboarding' } };
const create = (clientId: string) => ({
  type: 'CreateClientAccount' as const,
  clientId,
  email: 'Claire@Boulangerie-Martin.fr',
  firstName: 'Claire',
  lastName: 'Martin',
  firstOrderId: randomUUID(),
});

beforeAll(async () => {
  db = await createTestSchema('client_runner', 4, { migrations: allMigrations });
  store = await PostgresEventStore.open({ pool: db.pool, schema: db.schema, connectionString: db.url });
  here = new ClientCommandRunner(store);
  there = new ClientCommandRunner(store);
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

describe('the client command runner', () => {
  it('appends the account on the client stream, valid against its schema', async () => {
    const clientId = randomUUID();
    const outcome = await here.run(clientId, create(clientId), system);
    expect(outcome.state).toMatchObject({ exists: true, email: 'claire@boulangerie-martin.fr' });
    const stored = await store.readStream(clientStreamId(clientId));
    expect(stored.map(readClientEvent).map((e) => e.type)).toEqual(['ClientAccountCreated']);
    expect(validateEvent(stored[0]!)).toEqual({ ok: true });
  });

  it('creates an account once, even when another process made it meanwhile', async () => {
    const clientId = randomUUID();
    await there.run(clientId, create(clientId), system);
    await expect(here.run(clientId, create(clientId), system)).rejects.toMatchObject({
      code: 'CLIENT.ACCOUNT_EXISTS',
    });
    expect(await store.readStream(clientStreamId(clientId))).toHaveLength(1);
  });

  it('appends nothing for a command it has already applied (a retried job)', async () => {
    const clientId = randomUUID();
    const commandId = `onboard:${randomUUID()}`;
    await there.run(clientId, create(clientId), { ...system, commandId });
    const again = await here.run(clientId, create(clientId), { ...system, commandId });
    expect(again).toMatchObject({ duplicate: true, events: [] });
    expect(await store.readStream(clientStreamId(clientId))).toHaveLength(1);
  });
});
