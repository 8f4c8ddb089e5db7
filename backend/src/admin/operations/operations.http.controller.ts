import { Body, Controller, Get, HttpCode, Param, Post, Query, Sse, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiProduces, ApiTags } from '@nestjs/swagger';
import { type Observable, map } from 'rxjs';
import { ApiAnswer, ApiRefusal, schema } from '../../infra/http/api-schemas.js';
import { AdminGuard, AdminRoles } from '../../auth/admin.guard.js';
import { GetProjectionStatusQuery } from './get-projection-status.query.js';
import { JOB_QUEUES } from './failed-jobs.js';
import { ListFailedJobsQuery } from './list-failed-jobs.query.js';
import {
  FailedJobParams,
  FailedJobsQueryDto,
  RebuildIdParams,
  StartRebuildRequestDto,
} from './operations.request.dto.js';
import { Rebuilds } from './rebuilds.js';
import { RetryFailedJobCommand } from './retry-failed-job.command.js';
import { StartRebuildCommand } from './start-rebuild.command.js';

const rebuildState = schema.object({
  id: schema.string(),
  projections: schema.array(schema.string()),
  status: schema.oneOf(['running', 'done', 'failed']),
  current: schema.nullable(schema.string()),
  phase: schema.oneOf(['replaying', 'swapping', 'done']),
  processed: schema.integer('Events replayed so far, over every read model of the rebuild'),
  total: schema.integer('Events to replay in all (each read model replays the whole log)'),
  percent: schema.integer(),
  eventsPerSecond: schema.integer(),
  secondsLeft: schema.nullable({ type: 'number' }),
  startedAt: schema.dateTime(),
  finishedAt: schema.nullable(schema.dateTime()),
  error: schema.nullable(schema.string('The error that stopped the rebuild, in full')),
});

const failedJob = schema.object({
  queue: schema.oneOf(JOB_QUEUES),
  id: schema.string(),
  name: schema.string(),
  error: schema.string(),
  stacktrace: schema.array(schema.string()),
  attempts: schema.integer(),
  maxAttempts: schema.integer(),
  summary: schema.string(),
  createdAt: schema.dateTime(),
  failedAt: schema.nullable(schema.dateTime()),
});

/**
 * The operators' screen: projections (status, rebuilds with live progress) and failed side
 * effects. Back-office accounts read; only admins start a rebuild or retry a job.
 */
@ApiTags('Operations')
@ApiBearerAuth('back-office')
@Controller('api/admin/operations')
@UseGuards(AdminGuard)
export class OperationsHttpController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
    private readonly rebuilds: Rebuilds,
  ) {}

  @ApiAnswer(
    schema.array(
      schema.object({
        name: schema.string(),
        version: schema.nullable(schema.integer()),
        expectedVersion: schema.integer(),
        state: schema.oneOf(['running', 'failed', 'never-run', 'stale']),
        position: schema.nullable(schema.integer('Global position of the last event applied')),
        processed: schema.integer(),
        lagEvents: schema.integer(),
        lagSeconds: { type: 'number', description: 'Seconds behind the newest event' },
        updatedAt: schema.nullable(schema.dateTime()),
        error: schema.nullable(schema.string('Why the projector stopped, in full')),
        errorPosition: schema.nullable(schema.integer('The event it stopped on')),
      }),
    ),
    "Chaque projecteur : point d'avancement, retard, état",
  )
  @Get('projections')
  projections() {
    return this.queries.execute(new GetProjectionStatusQuery());
  }

  @ApiAnswer(rebuildState, 'Reconstruction lancée', 202)
  @ApiRefusal(409, 'A rebuild is already running')
  @Post('rebuilds')
  @HttpCode(202)
  @AdminRoles('admin')
  startRebuild(@Body() body: StartRebuildRequestDto) {
    return this.commands.execute(new StartRebuildCommand(body.projection));
  }

  /** So that a page opened during a rebuild follows it: this process's running rebuild, else its last one. */
  @ApiAnswer(
    schema.object({ rebuild: schema.nullable(rebuildState) }),
    'La reconstruction en cours ou la dernière (null si aucune)',
  )
  @Get('rebuilds/current')
  currentRebuild() {
    return { rebuild: this.rebuilds.latest() };
  }

  /**
   * Server-sent events: `progress` (each state change), then `done` or `failed` (the error in full),
   * then the stream ends. A late listener gets the latest state at once.
   */
  @ApiProduces('text/event-stream')
  @ApiAnswer(rebuildState, 'Flux SSE : progress, puis done ou failed (data : cet objet)')
  @Sse('rebuilds/:id/events')
  rebuildEvents(@Param() { id }: RebuildIdParams): Observable<{ type: string; data: object }> {
    return this.rebuilds.events(id).pipe(map(({ type, data }) => ({ type, data })));
  }

  @ApiAnswer(schema.array(failedJob), 'Les tâches en échec de chaque file, les plus récentes d’abord')
  @Get('failed-jobs')
  failedJobs(@Query() query: FailedJobsQueryDto) {
    return this.queries.execute(new ListFailedJobsQuery(query.limit));
  }

  @ApiAnswer(failedJob, 'Tâche relancée (son état avant la relance)')
  @ApiRefusal(409, 'The job is no longer failed')
  @Post('failed-jobs/:queue/:id/retry')
  @HttpCode(200)
  @AdminRoles('admin')
  retry(@Param() { queue, id }: FailedJobParams) {
    return this.commands.execute(new RetryFailedJobCommand(queue, id));
  }
}
