import { type Clock } from '../clock.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A clock that stands still until a test moves it. Each `now()` is one millisecond after the
 * previous one, so two events recorded in a row never share an instant (time filters and
 * "before/after" rules stay decidable), and time never runs backwards.
 */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: string | Date = '2026-12-01T09:00:00.000Z') {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    const instant = new Date(this.current);
    this.current += 1;
    return instant;
  }

  /** Moves to an instant; never backwards. */
  set(instant: string | Date): void {
    this.current = Math.max(this.current, new Date(instant).getTime());
  }

  advance(ms: number): void {
    this.current += Math.max(0, ms);
  }

  advanceDays(days: number): void {
    this.advance(days * DAY_MS);
  }
}
