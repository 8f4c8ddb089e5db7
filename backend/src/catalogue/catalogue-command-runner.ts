import { catalogueDecider } from '@coseso/domain/catalogue/catalogue-decider';
import { CATALOGUE_STREAM, readCatalogueEvent } from '@coseso/domain/events/event-reader';
import { Injectable } from '@nestjs/common';
import { InjectedCommandRunner } from '../write-side/injected-command-runner.js';

/** Commands on the one `catalogue` stream, decided by the catalogue's rules. */
@Injectable()
export class CatalogueCommandRunner extends InjectedCommandRunner({
  decider: catalogueDecider,
  streamId: () => CATALOGUE_STREAM,
  read: readCatalogueEvent,
}) {}
