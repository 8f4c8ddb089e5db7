import { type EventMetadata } from '@coseso/event-schemas/envelope';

/** An event as the log holds it: what was decided, and who and when in its metadata. */
export type Recorded<E> = E & { readonly metadata: EventMetadata };

/**
 * A stream's business rules as three pure functions: the state before anything happened, how an
 * event changes it, and which events a command calls for in a state (or a DomainError).
 */
export interface Decider<Command, State, Event> {
  readonly initialState: () => State;
  readonly evolve: (state: State, event: Recorded<Event>) => State;
  readonly decide: (command: Command, state: State) => Event[];
}
