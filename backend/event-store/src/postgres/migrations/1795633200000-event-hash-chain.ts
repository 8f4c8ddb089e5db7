import { hashEvent } from '../../hash-chain.js';
import { type Migration, type MigrationDb, schemaOf } from './migration.js';

const BATCH = 2_000;

/**
 * The hash chain over each stream (docs/architecture.md §3, hash-chain.ts): a hash per event, and each stream's
 * last hash beside its last revision. The events already in the log get their chain computed here,
 * once, stream by stream; their content is not touched.
 */
export class EventHashChain1795633200000 implements Migration {
  async up(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`alter table ${s}.events add column if not exists hash text`);
    await db.query(`alter table ${s}.streams add column if not exists last_hash text`);
    let after = { streamId: '', revision: '-1' };
    let previous = { streamId: '', hash: '' };
    for (;;) {
      const rows = await db.query<{
        stream_id: string;
        stream_revision: string;
        type: string;
        schema_version: number;
        data: unknown;
        metadata: unknown;
      }>(
        `select stream_id, stream_revision::text, type, schema_version, data, metadata from ${s}.events
         where (stream_id, stream_revision) > ($1, $2::bigint) order by stream_id, stream_revision limit ${BATCH}`,
        [after.streamId, after.revision],
      );
      if (rows.length === 0) break;
      const hashes = rows.map((row) => {
        const hash = hashEvent(row.stream_id === previous.streamId ? previous.hash : '', {
          type: row.type,
          schemaVersion: row.schema_version,
          data: row.data,
          metadata: row.metadata,
        });
        previous = { streamId: row.stream_id, hash };
        return hash;
      });
      await db.query(
        `update ${s}.events e set hash = v.hash
         from unnest($1::text[], $2::bigint[], $3::text[]) as v(stream_id, stream_revision, hash)
         where e.stream_id = v.stream_id and e.stream_revision = v.stream_revision`,
        [rows.map((row) => row.stream_id), rows.map((row) => row.stream_revision), hashes],
      );
      const last = rows[rows.length - 1]!;
      after = { streamId: last.stream_id, revision: last.stream_revision };
    }
    await db.query(
      `update ${s}.streams st set last_hash = e.hash from ${s}.events e
       where e.stream_id = st.stream_id and e.stream_revision = st.revision`,
    );
  }

  async down(db: MigrationDb): Promise<void> {
    const s = schemaOf(db);
    await db.query(`alter table ${s}.streams drop column if exists last_hash`);
    await db.query(`alter table ${s}.events drop column if exists hash`);
  }
}
