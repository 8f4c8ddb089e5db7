import { ApiTags } from '@nestjs/swagger';
import { ApiAnswer, schema } from '../infra/http/api-schemas.js';
import { allProjectors } from '@coseso/projections/all-projectors';
import { projectionStatus } from '@coseso/projections/projection-status';
import { type EventStore } from '@coseso/event-store/event-store';
import { Controller, Get, Inject, Res } from '@nestjs/common';
import { type Response } from 'express';
import { type DataSource } from 'typeorm';
import { type AppConfig } from '../config/app-config.js';
import { APP_CONFIG, EVENT_STORE, READ_MODELS } from '../infra/tokens.js';

const healthSchema = schema.object({
  status: schema.oneOf(['ok', 'degraded']),
  eventStore: schema.string(),
  projections: schema.array(
    schema.object({
      name: schema.string(),
      state: schema.string(),
      lagEvents: schema.nullable(schema.integer()),
      lagSeconds: schema.nullable(schema.integer()),
    }),
  ),
});

/** For load balancers and operators: 200 when the database answers and no projector has stopped. */
@ApiTags('Operations')
@Controller('api/health')
export class HealthHttpController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly readModels: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @ApiAnswer(healthSchema)
  @ApiAnswer(
    { oneOf: [healthSchema, schema.ref('ApiError')] },
    'A projector has stopped (the same body, status degraded), or PostgreSQL does not answer (ApiError)',
    503,
  )
  @Get()
  async health(@Res({ passthrough: true }) response: Response) {
    const projections = await projectionStatus(
      this.store,
      this.readModels,
      this.config.DATABASE_SCHEMA,
      allProjectors,
    );
    const healthy = projections.every((p) => p.state !== 'failed');
    if (!healthy) response.status(503);
    return {
      status: healthy ? 'ok' : 'degraded',
      eventStore: this.store.name,
      projections: projections.map(({ name, state, lagEvents, lagSeconds }) => ({
        name,
        state,
        lagEvents,
        lagSeconds,
      })),
    };
  }
}
