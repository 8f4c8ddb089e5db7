import { type StoredEvent } from '@coseso/event-store/event-store';

export interface ReactorJob {
  readonly name: string;
  readonly data: Record<string, unknown>;
  /** Derived from the event id: replaying the event enqueues nothing new. */
  readonly jobId: string;
}

/**
 * Decides which side effects an event calls for. Pure: the jobs do the work. The event is as stored:
 * a reactor reads what it needs through the domain's event reader.
 */
export interface Reactor {
  readonly name: string;
  react(event: StoredEvent): ReactorJob[];
}
