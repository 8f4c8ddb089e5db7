import { type EventStore } from '@coseso/event-store/event-store';
import { allProjectors } from '@coseso/projections/all-projectors';
import { type ProjectorStatus, projectionStatus } from '@coseso/projections/projection-status';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type DataSource } from 'typeorm';
import { type AppConfig } from '../../config/app-config.js';
import { APP_CONFIG, EVENT_STORE, READ_MODELS } from '../../infra/tokens.js';
import { GetProjectionsStatusQuery } from './get-projections-status.query.js';

@QueryHandler(GetProjectionsStatusQuery)
export class GetProjectionsStatusHandler implements IQueryHandler<GetProjectionsStatusQuery> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly readModels: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  execute(): Promise<readonly ProjectorStatus[]> {
    return projectionStatus(this.store, this.readModels, this.config.DATABASE_SCHEMA, allProjectors);
  }
}
