import { type ClientCommand, type ClientState, clientDecider } from '@coseso/domain/clients/client-decider';
import { clientStreamId, readClientEvent } from '@coseso/domain/events/event-reader';
import { type ClientEvent } from '@coseso/event-schemas/client/client-events';
import { type Clock } from '@coseso/domain/shared/clock';
import { type EventStore } from '@coseso/event-store/event-store';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { PersonalDataEventStore } from '../infra/personal-data/personal-data-event-store.js';
import { type AppConfig } from '../config/app-config.js';
import { APP_CONFIG, CLOCK, EVENT_STORE } from '../infra/tokens.js';
import { StreamCommandRunner, type StreamCommandOutcome } from './stream-command-runner.js';

export type ClientCommandOutcome = StreamCommandOutcome<ClientState, ClientEvent>;

/** Commands on `client-<id>` streams, decided by the client account's rules. */
@Injectable()
export class ClientCommandRunner extends StreamCommandRunner<ClientCommand, ClientState, ClientEvent> {
  constructor(
    @Inject(EVENT_STORE) store: EventStore,
    @Optional() @Inject(APP_CONFIG) config?: Pick<AppConfig, 'NODE_ENV'>,
    @Optional() @Inject(CLOCK) clock?: Clock,
  ) {
    super(
      store,
      { decider: clientDecider, streamId: clientStreamId, read: readClientEvent },
      config?.NODE_ENV !== 'production',
      clock,
    );
    if (store instanceof PersonalDataEventStore)
      store.onErasure(({ clientId }) => {
        if (clientId) this.forget(clientId);
      });
  }
}
