import { randomUUID } from 'node:crypto';
import { actors } from '@coseso/domain/orders/testing/order-test-kit';
import { ERASED, erasePersonalFields } from '@coseso/event-schemas/personal-fields';
import { type StoredEvent } from '@coseso/event-store/event-store';
import {
  type ProjectionTestContext,
  openProjectionTestContext,
  snapshotReadModels,
} from '../../testing/projection-test-kit.js';
import { clientErasure, stored } from '../../testing/stored-events.js';
import { clientAccountsProjector } from './client-accounts.projection.js';

const projectors = [clientAccountsProjector];

/** A client account created by its first order's payment, then its password chosen. */
const account = (clientId: string, email: string): StoredEvent[] =>
  stored(`client-${clientId}`, [
    {
      type: 'ClientAccountCreated',
      data: { clientId, email, firstName: 'Claire', lastName: 'Martin', firstOrderId: randomUUID() },
      metadata: { actor: actors.system, occurredAt: '2026-11-30T09:00:00.000Z' },
    },
    {
      type: 'ClientPasswordSet',
      data: { purpose: 'initial' },
      metadata: { actor: { kind: 'client', id: clientId }, occurredAt: '2026-11-30T09:05:00.000Z' },
    },
  ]);

describe('the client accounts read model', () => {
  let ctx: ProjectionTestContext;
  beforeAll(async () => {
    ctx = await openProjectionTestContext(projectors);
  });
  afterAll(() => ctx.close());
  beforeEach(() => ctx.dataSource.query(`truncate ${ctx.db.schema}.client_account`));

  const project = (events: readonly StoredEvent[]) =>
    ctx.dataSource.transaction((em) => clientAccountsProjector.project(events, em, undefined as never));
  const rows = async () =>
    (await snapshotReadModels(ctx.dataSource, ctx.db.schema, projectors))['client_account'] as Record<
      string,
      unknown
    >[];

  it('given an account’s creation: a row to find it by its address, lower-cased, and its name', async () => {
    const clientId = randomUUID();
    await project(account(clientId, 'Claire.Martin@Boulangerie-Martin.fr'));
    expect(await rows()).toEqual([
      {
        client_id: clientId,
        email: 'claire.martin@boulangerie-martin.fr',
        first_name: 'Claire',
        last_name: 'Martin',
        created_at: new Date('2026-11-30T09:00:00.000Z'),
      },
    ]);
  });

  it('run twice, or one event at a time, leaves the same rows', async () => {
    const events = [
      ...account(randomUUID(), 'claire@boulangerie-martin.fr'),
      ...account(randomUUID(), 'paul@garage-durand.fr'),
    ];
    await project(events);
    const once = await rows();
    expect(once).toHaveLength(2);
    await project(events);
    expect(await rows()).toEqual(once);
    await ctx.dataSource.query(`truncate ${ctx.db.schema}.client_account`);
    for (const event of events) await project([event]);
    expect(await rows()).toEqual(once);
  });

  it('after an erasure, the account is gone, as a rebuild from the erased log leaves it; the others stay', async () => {
    const clientId = randomUUID();
    const erased = account(clientId, 'claire@boulangerie-martin.fr');
    const kept = account(randomUUID(), 'paul@garage-durand.fr');
    await project([...erased, ...kept]);
    await project(clientErasure(clientId, []));
    const live = await rows();
    expect(live.map((r) => r['email'])).toEqual(['paul@garage-durand.fr']);

    await ctx.dataSource.query(`truncate ${ctx.db.schema}.client_account`);
    const shredded = erased.map((e) => erasePersonalFields(e));
    expect(shredded[0]!.data).toMatchObject({ email: ERASED });
    await project([...shredded, ...kept, ...clientErasure(clientId, [])]);
    expect(await rows()).toEqual(live);
  });
});
