import { type EventStore } from '@coseso/event-store/event-store';
import pg from 'pg';
import { type DataSource } from 'typeorm';
import { Checkpoints, quoteIdent } from './checkpoints.js';

/** Positions remembered per projector: enough to cover a read that comes soon after its write. */
const REMEMBERED_POSITIONS = 20_000;

export interface ProjectionWaiterOptions {
  /**
   * Connection string for a LISTEN connection on the projectors' notifications (projectionChannel),
   * when projectors may run in another process: waiting readers are woken as soon as their
   * position is applied, not at their next look.
   */
  readonly listenUrl?: string;
}

/**
 * The channel on which projectors announce what they applied: `name|position,position,…`, or
 * `name,name|…` when one transaction applied the batch to several read models.
 */
export const projectionChannel = (schema: string) => `${schema}_projections`;

/** What projectors announce after a batch: their names and the positions applied (all of them, or none when too many). */
export function projectionNotice(names: string | readonly string[], positions: readonly bigint[]): string {
  const listed = positions.join(',');
  // NOTIFY payloads stop at 8,000 bytes: past that, "something was applied" is all it says.
  return `${typeof names === 'string' ? names : names.join(',')}|${listed.length <= 7_000 ? listed : '*'}`;
}

/**
 * Read-your-writes: waits (bounded) until a read model shows what a reader expects. Woken by the
 * runner of this process when it has one, with the positions each batch applied; by the
 * projectors' notifications when it listens to another process's; otherwise re-checks every few
 * milliseconds, only while a request is waiting.
 */
export class ProjectionWaiter {
  private readonly checkpoints: Checkpoints;
  private readonly bells = new Set<() => void>();
  /** Per projector, the readers to tell when it announces a batch (waitUntilNotified). */
  private readonly projectorBells = new Map<string, Set<() => void>>();
  /** Per projector, positions lately applied (Set order: oldest first). */
  private readonly appliedPositions = new Map<string, Set<bigint>>();
  /** Per projector and position, the readers waiting for it: told it was applied (true), or to look again. */
  private readonly waiting = new Map<string, Map<bigint, Set<(applied: boolean) => void>>>();
  private listener: { client: pg.Client | null; starting: Promise<void> | null; failedAt: number } = {
    client: null,
    starting: null,
    failedAt: 0,
  };
  private closed = false;

  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    private readonly schema: string,
    private readonly options: ProjectionWaiterOptions = {},
  ) {
    this.checkpoints = new Checkpoints(schema);
  }

  /** Call when a projector of this process has applied a batch. */
  ring(): void {
    for (const bell of this.bells) bell();
  }

  /** Call when `projector` has applied (committed) the events at `positions`: their readers go at once. */
  applied(projector: string, positions: readonly bigint[]): void {
    let remembered = this.appliedPositions.get(projector);
    if (!remembered) this.appliedPositions.set(projector, (remembered = new Set()));
    const waiting = this.waiting.get(projector);
    for (const position of positions) {
      remembered.add(position);
      const readers = waiting?.get(position);
      if (readers) for (const wake of readers) wake(true);
    }
    for (const oldest of remembered) {
      if (remembered.size <= REMEMBERED_POSITIONS) break;
      remembered.delete(oldest);
    }
    this.ringFor(projector);
    this.ring();
  }

  private ringFor(projector: string): void {
    for (const bell of this.projectorBells.get(projector) ?? []) bell();
  }

  /**
   * The first answer of `check` that is not null or false, asked again each time the read models
   * may have moved on; null when `timeoutMs` elapsed first.
   */
  async waitUntil<T>(check: () => Promise<T | null | false>, timeoutMs = 2_000): Promise<T | null> {
    const deadline = Date.now() + timeoutMs;
    let pause = 5;
    for (;;) {
      const answer = await check();
      if (answer !== null && answer !== false) return answer;
      const left = deadline - Date.now();
      if (left <= 0) return null;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.bells.delete(done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(pause, left));
        this.bells.add(done);
      });
      pause = Math.min(pause * 2, 50);
    }
  }

  /**
   * For a reader that does not know the position it waits for (a payment the provider's webhook is
   * still to bring): the first answer of `check` that is not null or false, asked again only when
   * `projector` announces a batch it applied (in this process, or in another through its
   * notifications), or after `idleMs` without one; null when `timeoutMs` elapsed first.
   */
  async waitUntilNotified<T>(
    projector: string,
    check: () => Promise<T | null | false>,
    timeoutMs: number,
    idleMs = 1_000,
  ): Promise<T | null> {
    this.listen();
    const deadline = Date.now() + timeoutMs;
    let rung: boolean;
    let wakeUp = () => {};
    const bell = () => {
      rung = true;
      wakeUp();
    };
    let bells = this.projectorBells.get(projector);
    if (!bells) this.projectorBells.set(projector, (bells = new Set()));
    // Registered before the first look: a batch applied meanwhile still sends it to look again.
    bells.add(bell);
    try {
      for (;;) {
        rung = false;
        const answer = await check();
        if (answer !== null && answer !== false) return answer;
        const left = deadline - Date.now();
        if (left <= 0) return null;
        if (rung) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(idleMs, left));
          wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wakeUp = () => {};
      }
    } finally {
      bells.delete(bell);
      if (bells.size === 0) this.projectorBells.delete(projector);
    }
  }

  /** true once `projector` has passed `position`; false when `timeoutMs` elapsed first. */
  async waitFor(projector: string, position: bigint, timeoutMs = 2_000): Promise<boolean> {
    if (this.appliedPositions.get(projector)?.has(position)) return true;
    this.listen();
    let reached = false;
    let wakeUp = () => {};
    const wake = (applied: boolean) => {
      reached ||= applied;
      wakeUp();
    };
    // Registered before the first look: a batch applied meanwhile still wakes this reader.
    const readers = this.readersOf(projector, position);
    readers.add(wake);
    try {
      const deadline = Date.now() + timeoutMs;
      let pause = 5;
      for (;;) {
        if (reached) return true;
        if (await this.store.isAtOrBefore(position, await this.checkpoint(projector))) return true;
        const left = deadline - Date.now();
        if (left <= 0 || reached) return reached;
        // Only its own position (or a notification naming none) wakes it early: a batch of other
        // readers' positions does not send every waiting reader to the database again.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(pause, left));
          wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        pause = Math.min(pause * 2, 50);
      }
    } finally {
      readers.delete(wake);
      if (readers.size === 0) this.waiting.get(projector)?.delete(position);
    }
  }

  /** true once `projector` has applied every event the log holds now; false when `timeoutMs` elapsed first. */
  async waitForCatchUp(projector: string, timeoutMs = 2_000): Promise<boolean> {
    const caughtUp = await this.waitUntil(
      async () => (await this.store.lagAfter(await this.checkpoint(projector))).events === 0,
      timeoutMs,
    );
    return caughtUp !== null;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.listener.starting; // never fails: a failed start only leaves no connection
    const client = this.listener.client;
    this.listener.client = null;
    await client?.end().catch(() => {});
  }

  private readersOf(projector: string, position: bigint) {
    let byPosition = this.waiting.get(projector);
    if (!byPosition) this.waiting.set(projector, (byPosition = new Map()));
    let readers = byPosition.get(position);
    if (!readers) byPosition.set(position, (readers = new Set()));
    return readers;
  }

  /** Hears the projectors of every process, from the first wait on; a lost connection is made again at a later wait. */
  private listen() {
    const { listenUrl } = this.options;
    if (!listenUrl || this.closed || this.listener.client || this.listener.starting) return;
    if (Date.now() - this.listener.failedAt < 1_000) return; // meanwhile, readers look for themselves
    const client = new pg.Client({ connectionString: listenUrl });
    const lost = () => {
      if (this.listener.client === client) this.listener.client = null;
      this.listener.failedAt = Date.now();
      void client.end().catch(() => {});
    };
    client.on('error', lost);
    client.on('notification', ({ payload }) => {
      const [names, listed] = (payload ?? '').split('|');
      if (!names || listed === undefined) return;
      for (const name of names.split(',')) {
        if (listed === '*') {
          for (const readers of this.waiting.get(name)?.values() ?? [])
            for (const wake of readers) wake(false);
          this.ringFor(name);
          continue;
        }
        this.applied(
          name,
          listed
            .split(',')
            .filter(Boolean)
            .map((p) => BigInt(p)),
        );
      }
    });
    this.listener.starting = (async () => {
      try {
        await client.connect();
        await client.query(`listen ${quoteIdent(projectionChannel(this.schema))}`);
        if (this.closed) await client.end();
        else this.listener.client = client;
      } catch {
        lost();
      } finally {
        this.listener.starting = null;
      }
    })();
  }

  private async checkpoint(projector: string) {
    return (await this.checkpoints.get(this.dataSource, projector))?.checkpoint ?? null;
  }
}
