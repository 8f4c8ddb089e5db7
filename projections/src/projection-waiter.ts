import { type EventStore } from '@coseso/event-store/event-store';
import { type DataSource } from 'typeorm';
import { Checkpoints } from './checkpoints.js';

/**
 * Read-your-writes: waits (bounded) until a projector has applied the event at a global position.
 * Woken by the runner of this process when it has one; re-checks every few milliseconds otherwise
 * (a projector in another process), only while a request is waiting.
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

  /** true once `projector` has passed `position`; false when `timeoutMs` elapsed first. */
  async waitFor(projector: string, position: bigint, timeoutMs = 2_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    let pause = 5;
    for (;;) {
      const row = await this.checkpoints.get(this.dataSource, projector);
      if (await this.store.isAtOrBefore(position, row?.checkpoint ?? null)) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
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
}
