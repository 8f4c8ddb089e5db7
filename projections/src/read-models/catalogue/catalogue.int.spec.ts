import { randomUUID } from 'node:crypto';
import { catalogueDecider } from '@coseso/domain/catalogue/catalogue-decider';
import { FIRST_CATALOGUE_REASON, firstCatalogueGrid } from '@coseso/domain/catalogue/first-version';
import { currentDefinition } from '@coseso/event-schemas/catalog';
import { type CatalogueEvent } from '@coseso/event-schemas/catalogue/catalogue-events';
import { type Actor } from '@coseso/event-schemas/envelope';
import { type StoredEvent } from '@coseso/event-store/event-store';
import {
  type ProjectionTestContext,
  openProjectionTestContext,
  snapshotReadModels,
} from '../../testing/projection-test-kit.js';
import { catalogueProjector } from './catalogue.projection.js';

const projectors = [catalogueProjector];
const admin: Actor = { kind: 'admin', id: 'a1b2c3d4-0000-4000-8000-000000000001' };

/** The catalogue's stream as the decider writes it: version 1, a raise now, a version scheduled for January. */
function catalogueHistory(): StoredEvent[] {
  const commands = [
    { type: 'SeedCatalogue', grid: firstCatalogueGrid(), reason: FIRST_CATALOGUE_REASON },
    {
      type: 'PublishCatalogueVersion',
      changes: [{ kind: 'templatePrice', template: 'onepage', monthlyBaseHT: 3_200 }],
      reason: 'Hausse des coûts',
    },
    {
      type: 'PublishCatalogueVersion',
      changes: [{ kind: 'option', option: 'aiChatbot', priceHT: 21_900 }],
      reason: 'Nouveau modèle',
      effectiveFrom: '2027-01-01T00:00:00.000Z',
    },
  ] as const;
  let state = catalogueDecider.initialState();
  const stored: StoredEvent[] = [];
  commands.forEach((command, i) => {
    const occurredAt = `2026-12-0${i + 1}T10:00:00.000Z`;
    const metadata = {
      actor: admin,
      commandId: `c${i}`,
      correlationId: `c${i}`,
      causationId: `c${i}`,
      occurredAt,
    };
    for (const event of catalogueDecider.decide(
      { ...command, actor: admin, now: occurredAt } as never,
      state,
    )) {
      state = catalogueDecider.evolve(state, { ...(event as CatalogueEvent), metadata });
      stored.push({
        streamId: 'catalogue',
        streamRevision: BigInt(stored.length),
        position: BigInt(stored.length + 1),
        checkpoint: null as never,
        eventId: randomUUID(),
        type: event.type,
        schemaVersion: currentDefinition(event.type).schemaVersion,
        data: event.data,
        metadata,
        recordedAt: new Date(occurredAt),
      });
    }
  });
  return stored;
}

describe('the catalogue read model', () => {
  let ctx: ProjectionTestContext;
  beforeAll(async () => {
    ctx = await openProjectionTestContext(projectors);
  });
  afterAll(() => ctx.close());
  beforeEach(() => ctx.dataSource.query(`truncate ${ctx.db.schema}.catalogue_version`));

  const project = (events: readonly StoredEvent[]) =>
    ctx.dataSource.transaction((em) => catalogueProjector.project(events, em, undefined as never));
  const snapshot = () => snapshotReadModels(ctx.dataSource, ctx.db.schema, projectors);

  it('given the stream: one row per version, its whole grid, from when it prices, who published it and why', async () => {
    await project(catalogueHistory());
    const rows = (await snapshot())['catalogue_version'] as Record<string, unknown>[];
    expect(rows.map((r) => [r['version'], r['reason']])).toEqual([
      [1, FIRST_CATALOGUE_REASON],
      [2, 'Hausse des coûts'],
      [3, 'Nouveau modèle'],
    ]);
    expect(rows[0]!['grid']).toEqual(firstCatalogueGrid());
    expect((rows[1]!['grid'] as ReturnType<typeof firstCatalogueGrid>).templates.onepage.monthlyBaseHT).toBe(
      3_200,
    );
    expect(rows[2]).toMatchObject({
      published_by: admin,
      changes: [{ kind: 'option', option: 'aiChatbot', priceHT: 21_900 }],
    });
    expect(new Date(rows[2]!['effective_from'] as string).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('run twice, or in batches of any size, leaves the same rows', async () => {
    const events = catalogueHistory();
    await project(events);
    const once = await snapshot();
    await project(events);
    expect(await snapshot()).toEqual(once);
    await ctx.dataSource.query(`truncate ${ctx.db.schema}.catalogue_version`);
    for (const event of events) await project([event]);
    expect(await snapshot()).toEqual(once);
  });
});
