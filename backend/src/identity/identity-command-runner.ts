import {
  type IdentityCommand,
  type IdentityState,
  identityDecider,
} from '@coseso/domain/identity/identity-decider';
import { IDENTITY_STREAM, readIdentityEvent } from '@coseso/domain/events/event-reader';
import { type Clock } from '@coseso/domain/shared/clock';
import { type IdentityEvent } from '@coseso/event-schemas/identity/identity-events';
import { type EventStore } from '@coseso/event-store/event-store';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { type AppConfig } from '../config/app-config.js';
import { APP_CONFIG, CLOCK, EVENT_STORE } from '../infra/tokens.js';
import { StreamCommandRunner } from '../write-side/stream-command-runner.js';

/** Commands on the one `identity` stream, decided by the identity's rules. */
@Injectable()
export class IdentityCommandRunner extends StreamCommandRunner<
  IdentityCommand,
  IdentityState,
  IdentityEvent
> {
  constructor(
    @Inject(EVENT_STORE) store: EventStore,
    @Optional() @Inject(APP_CONFIG) config?: Pick<AppConfig, 'NODE_ENV'>,
    @Optional() @Inject(CLOCK) clock?: Clock,
  ) {
    super(
      store,
      { decider: identityDecider, streamId: () => IDENTITY_STREAM, read: readIdentityEvent },
      config?.NODE_ENV !== 'production',
      clock,
    );
  }
}
