import { type EventStore } from '@coseso/event-store/event-store';
import { type DataSource } from 'typeorm';
import { Checkpoints } from './checkpoints.js';
import { type Projector } from './projector.js';

export interface ProjectorStatus {
  readonly name: string;
  readonly version: number | null;
  readonly expectedVersion: number;
  readonly state: 'running' | 'failed' | 'never-run' | 'stale';
  readonly position: number | null;
  readonly processed: number;
  readonly lagEvents: number;
  /** How far behind the newest event the read model is, in seconds (0 when caught up). */
  readonly lagSeconds: number;
  readonly updatedAt: Date | null;
  readonly error: string | null;
  readonly errorPosition: number | null;
}

/** Each projector's checkpoint and lag, for operators (`projections-status`) and the admin API. */
export async function projectionStatus(
  store: EventStore,
  dataSource: DataSource,
  schema: string,
  projectors: readonly Projector[],
): Promise<ProjectorStatus[]> {
  const checkpoints = new Checkpoints(schema);
  const rows = new Map((await checkpoints.all(dataSource)).map((r) => [r.name, r]));
  return Promise.all(
    projectors.map(async (projector): Promise<ProjectorStatus> => {
      const row = rows.get(projector.name);
      const lag = await store.lagAfter(row?.checkpoint ?? null);
      const behindSince =
        lag.events > 0 && lag.newestRecordedAt && row?.lastEventAt
          ? lag.newestRecordedAt.getTime() - new Date(row.lastEventAt).getTime()
          : 0;
      const lagSeconds =
        lag.events === 0
          ? 0
          : row?.lastEventAt
            ? Math.max(0, behindSince) / 1_000
            : (Date.now() - (lag.newestRecordedAt?.getTime() ?? Date.now())) / 1_000;
      return {
        name: projector.name,
        version: row?.version ?? null,
        expectedVersion: projector.version,
        state: !row
          ? 'never-run'
          : row.status === 'failed'
            ? 'failed'
            : row.version !== projector.version
              ? 'stale'
              : 'running',
        position: row?.position === null || row?.position === undefined ? null : Number(row.position),
        processed: Number(row?.processed ?? 0),
        lagEvents: lag.events,
        lagSeconds: Number(lagSeconds.toFixed(3)),
        updatedAt: row?.updatedAt ?? null,
        error: row?.error ?? null,
        errorPosition: row?.errorPosition ? Number(row.errorPosition) : null,
      };
    }),
  );
}
