import { type Erasure } from '@coseso/domain/events/event-reader';
import { type Clock } from '@coseso/domain/shared/clock';
import { type EventStore } from '@coseso/event-store/event-store';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { type AppConfig } from '../config/app-config.js';
import { type PersonalData } from '../infra/personal-data/personal-data-event-store.js';
import { APP_CONFIG, CLOCK, EVENT_STORE, PERSONAL_DATA } from '../infra/tokens.js';
import { StreamCommandRunner, type StreamType } from './stream-command-runner.js';

/** How Nest builds a runner; a test builds one from a plain store (`new OrderCommandRunner(store)`). */
export type InjectedRunnerClass<
  Command extends { readonly type: string },
  State,
  Event extends StreamEvent,
> = new (
  store: EventStore,
  config?: Pick<AppConfig, 'NODE_ENV'>,
  clock?: Clock,
  personalData?: PersonalData,
) => StreamCommandRunner<Command, State, Event>;

type StreamEvent = { readonly type: string; readonly data: unknown };

/**
 * The runner of one kind of stream as the app injects it: on the app's event store and Clock,
 * checking each append against its schema except in production, and, where the streams' folded
 * state holds personal data in clear, forgetting the streams an erasure names (`erased`).
 */
export function InjectedCommandRunner<
  Command extends { readonly type: string },
  State,
  Event extends StreamEvent,
>(
  streams: StreamType<Command, State, Event>,
  erased?: (erasure: Erasure) => readonly string[],
): InjectedRunnerClass<Command, State, Event> {
  @Injectable()
  class Runner extends StreamCommandRunner<Command, State, Event> {
    constructor(
      @Inject(EVENT_STORE) store: EventStore,
      @Optional() @Inject(APP_CONFIG) config?: Pick<AppConfig, 'NODE_ENV'>,
      @Optional() @Inject(CLOCK) clock?: Clock,
      @Optional() @Inject(PERSONAL_DATA) personalData?: PersonalData,
    ) {
      super(store, streams, config?.NODE_ENV !== 'production', clock);
      if (erased) personalData?.onErasure((erasure) => erased(erasure).forEach((id) => this.forget(id)));
    }
  }
  return Runner;
}
