import { allProjectors } from '@coseso/projections/all-projectors';
import { ProjectionWaiter } from '@coseso/projections/projection-waiter';
import { rebuildProjection } from '@coseso/projections/rebuild-projection';
import { type DataSource } from 'typeorm';
import { READ_MODELS } from '../../infra/tokens.js';
import { type TestApp } from '../../testing/test-app.js';
import { BACKGROUND_WAIT_MS } from '../../testing/waits.js';

/** Fails naming each value of `personal` that `text` still shows. */
export const expectNoneOf = (personal: readonly string[], text: string) => {
  for (const value of personal) expect([value, text.includes(value)]).toEqual([value, false]);
};

/** Every projector of the app caught up with the log; throws with the operators' view otherwise. */
export async function waitForProjectors(t: TestApp, auth: { authorization: string }) {
  const waiter = t.app.get(ProjectionWaiter);
  for (const { name } of allProjectors)
    if (!(await waiter.waitForCatchUp(name, BACKGROUND_WAIT_MS)))
      throw new Error(
        `${name} did not catch up: ${JSON.stringify((await t.http.get('/api/admin/projections').set(auth)).body)}`,
      );
}

/** Every row of the read models, in a stable order: what a rebuild must give again. */
export async function readModelRows(t: TestApp): Promise<Record<string, unknown[]>> {
  const db = t.app.get<DataSource>(READ_MODELS);
  const s = `"${t.config.DATABASE_SCHEMA}"`;
  return {
    summary: await db.query(`select * from ${s}.order_summary order by order_id`),
    detail: await db.query(`select * from ${s}.order_detail order by order_id`),
    timeline: await db.query(`select * from ${s}.order_timeline order by order_id, revision`),
    accounts: await db.query(`select * from ${s}.client_account order by client_id`),
    statistics: await db.query(`select * from ${s}.admin_statistics order by id`),
  };
}

export async function rebuildReadModels(t: TestApp) {
  const dataSource = t.app.get<DataSource>(READ_MODELS);
  for (const projector of allProjectors)
    await rebuildProjection({
      store: t.store,
      dataSource,
      url: t.config.DATABASE_URL,
      schema: t.config.DATABASE_SCHEMA,
      projector,
    });
}
