import { type EventStore } from '@coseso/event-store/event-store';
import { type DataSource } from 'typeorm';
import { Checkpoints } from './checkpoints.js';

/**
 * Read-your-writes: waits (bounded) until a read model shows what a reader expects. Woken by the
 * runner of this process when it has one; re-checks every few milliseconds otherwise (a projector
 * in another process), only while a request is waiting.
 */
export class ProjectionWaiter {
  private readonly checkpoints: Checkpoints;
  private readonly bells = new Set<() => void>();

  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    schema: string,
  ) {
    this.checkpoints = new Checkpoints(schema);
  }

  /** Call when a projector of this process has applied a batch. */
  ring(): void {
    for (const bell of this.bells) bell();
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

  /** true once `projector` has passed `position`; false when `timeoutMs` elapsed first. */
  async waitFor(projector: string, position: bigint, timeoutMs = 2_000): Promise<boolean> {
    const reached = await this.waitUntil(
      async () => this.store.isAtOrBefore(position, await this.checkpoint(projector)),
      timeoutMs,
    );
    return reached !== null;
  }

  /** true once `projector` has applied every event the log holds now; false when `timeoutMs` elapsed first. */
  async waitForCatchUp(projector: string, timeoutMs = 2_000): Promise<boolean> {
    const caughtUp = await this.waitUntil(
      async () => (await this.store.lagAfter(await this.checkpoint(projector))).events === 0,
      timeoutMs,
    );
    return caughtUp !== null;
  }

  private async checkpoint(projector: string) {
    return (await this.checkpoints.get(this.dataSource, projector))?.checkpoint ?? null;
  }
}
