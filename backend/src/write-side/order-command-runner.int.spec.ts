import { orderStreamId } from '@coseso/domain/events/event-reader';
import { randomUUID } from 'node:crypto';
import { PostgresEventStore } from '@coseso/event-store/postgres-adapter';
import { type TestSchema, createTestSchema } from '@coseso/database/testing/postgres-test-schema';
import { allMigrations } from '../infra/database/all-migrations.js';
import { OrderCommandRunner } from './order-command-runner.js';

// Two runners on one store stand for two API processes: each keeps its own cached states.
let db: TestSchema;
let store: PostgresEventStore;
let here: OrderCommandRunner;
let there: OrderCommandRunner;
const visitor = { actor: { kind: 'visitor' as const, id: 'v' } };

beforeAll(async () => {
  db = await createTestSchema('runner', 6, { migrations: allMigrations });
  store = await PostgresEventStore.open({ pool: db.pool, schema: db.schema, connectionString: db.url });
  here = new OrderCommandRunner(store);
  there = new OrderCommandRunner(store);
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

async function draft(): Promise<string> {
  const orderId = randomUUID();
  await here.run(
    orderId,
    { type: 'CreateOrderDraft', orderId, orderNumber: 1, source: 'landing', form: {} },
    visitor,
  );
  return orderId;
}

describe('the order command runner', () => {
  it('decides on what another process wrote meanwhile, rather than on its stale memory', async () => {
    const orderId = await draft();
    await there.run(
      orderId,
      { type: 'SaveWizardProgress', form: { companyName: 'Écrit ailleurs' } },
      visitor,
    );
    const outcome = await here.run(
      orderId,
      { type: 'SaveWizardProgress', form: { companySector: 'Boulangerie' } },
      visitor,
    );
    expect(outcome.state.form).toMatchObject({ companyName: 'Écrit ailleurs', companySector: 'Boulangerie' });
    expect((await store.readStream(orderStreamId(orderId))).map((e) => e.streamRevision)).toEqual([
      0n,
      1n,
      2n,
    ]);
  });

  it('does not take a change for a no-op because its memory is stale', async () => {
    const orderId = await draft();
    await here.run(orderId, { type: 'SaveWizardProgress', form: { companyName: 'A' } }, visitor);
    await there.run(orderId, { type: 'SaveWizardProgress', form: { companyName: 'B' } }, visitor);
    const outcome = await here.run(
      orderId,
      { type: 'SaveWizardProgress', form: { companyName: 'A' } },
      visitor,
    );
    expect(outcome.events).toHaveLength(1);
    expect(outcome.state.form.companyName).toBe('A');
  });

  it('checks a refusal against the store before believing it', async () => {
    const orderId = await draft();
    const filled = {
      companyName: 'Boulangerie Martin',
      companySector: 'Boulangerie',
      companyAddress: '12 rue des Lilas, 75012 Paris',
      contactFirstName: 'Claire',
      contactLastName: 'Martin',
      contactEmail: 'claire@martin.fr',
      selectedTemplate: 'onepage' as const,
    };
    await there.run(orderId, { type: 'SaveWizardProgress', form: filled }, visitor);
    // Here still remembers an empty form, on which completion would be refused.
    const outcome = await here.run(orderId, { type: 'CompleteOrderForm', form: {} }, visitor);
    expect(outcome.state.status).toBe('contract_ready_for_signature');
  });

  it('returns the earlier result for a command applied by another process', async () => {
    const orderId = await draft();
    const commandId = randomUUID();
    const first = await there.run(
      orderId,
      { type: 'SaveWizardProgress', form: { companyName: 'Une fois' } },
      { ...visitor, commandId },
    );
    const again = await here.run(
      orderId,
      { type: 'SaveWizardProgress', form: { companyName: 'Une fois' } },
      { ...visitor, commandId },
    );
    expect(again).toMatchObject({ duplicate: true, position: first.position, events: [] });
    expect(await store.readStream(orderStreamId(orderId))).toHaveLength(2);
  });

  it('still refuses what the store confirms', async () => {
    const orderId = await draft();
    await expect(
      here.run(orderId, { type: 'StartProduction' }, { actor: { kind: 'admin', id: 'a' } }),
    ).rejects.toMatchObject({
      code: 'ORDER.TRANSITION_FORBIDDEN',
    });
  });

  it('runs a batch as one command: each decided on the state the previous left, all appended or none', async () => {
    const orderId = await draft();
    const batch = { ...visitor, commandId: randomUUID() };
    const outcome = await here.runAll(
      orderId,
      [
        { type: 'SaveWizardProgress', form: { companyName: 'Boulangerie Martin' } },
        {
          type: 'SaveWizardProgress',
          form: { companyName: 'Boulangerie Martin', companySector: 'Boulangerie' },
        },
      ],
      batch,
    );
    expect(outcome.events.map((e) => e.data)).toEqual([
      { changes: { companyName: 'Boulangerie Martin' } },
      // Decided after the first: only what changed since.
      { changes: { companySector: 'Boulangerie' } },
    ]);
    const stored = await store.readStream(orderStreamId(orderId));
    expect(stored.slice(1).map((e) => e.metadata['commandId'])).toEqual([batch.commandId, batch.commandId]);
    expect((await there.runAll(orderId, [], batch)).duplicate).toBe(true);

    await expect(
      here.runAll(
        orderId,
        [{ type: 'SaveWizardProgress', form: { companyName: 'Autre' } }, { type: 'StartProduction' }],
        visitor,
      ),
    ).rejects.toMatchObject({ code: 'ORDER.ACTOR_FORBIDDEN' });
    expect(await store.readStream(orderStreamId(orderId))).toHaveLength(stored.length);
  });
});
