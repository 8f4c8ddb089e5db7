import {
  type CatalogueCommand,
  type CatalogueState,
  catalogueDecider,
} from '@coseso/domain/catalogue/catalogue-decider';
import { CATALOGUE_STREAM, readCatalogueEvent } from '@coseso/domain/events/event-reader';
import { type Clock } from '@coseso/domain/shared/clock';
import { type CatalogueEvent } from '@coseso/event-schemas/catalogue/catalogue-events';
import { type EventStore } from '@coseso/event-store/event-store';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { type AppConfig } from '../config/app-config.js';
import { APP_CONFIG, CLOCK, EVENT_STORE } from '../infra/tokens.js';
import { StreamCommandRunner } from '../write-side/stream-command-runner.js';

/** Commands on the one `catalogue` stream, decided by the catalogue's rules. */
@Injectable()
export class CatalogueCommandRunner extends StreamCommandRunner<
  CatalogueCommand,
  CatalogueState,
  CatalogueEvent
> {
  constructor(
    @Inject(EVENT_STORE) store: EventStore,
    @Optional() @Inject(APP_CONFIG) config?: Pick<AppConfig, 'NODE_ENV'>,
    @Optional() @Inject(CLOCK) clock?: Clock,
  ) {
    super(
      store,
      { decider: catalogueDecider, streamId: () => CATALOGUE_STREAM, read: readCatalogueEvent },
      config?.NODE_ENV !== 'production',
      clock,
    );
  }
}
