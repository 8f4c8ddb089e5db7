import { type Migration, type MigrationDb, schemaOf } from '@coseso/event-store/postgres-adapter';
import { serverHasLz4 } from './server-has-lz4.js';

/**
 * The order's folded state (3–4 kB of JSON, compressed inline by TOAST) is compressed with lz4
 * rather than pglz: every projected batch rewrites the states it changed and a rebuild writes them
 * all, and pglz was most of the cost of those writes in Postgres (COPY of 88,000 states: 4.3 s with
 * pglz, 2.8 s with lz4, 2.3 s for the same text not compressed at all). Values already stored keep
 * their compression until rewritten. A server built without lz4 keeps pglz.
 */
export class OrderStateLz41795800000000 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    if (await serverHasLz4(db))
      await db.query(`alter table ${schemaOf(db)}.order_detail alter column state set compression lz4`);
  }

  async down(db: MigrationDb): Promise<void> {
    await db.query(`alter table ${schemaOf(db)}.order_detail alter column state set compression default`);
  }
}
