import { Controller, Get, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AdminGuard, AdminRoles } from '../../admin/auth/admin.guard.js';
import { ApiAnswer, schema } from '../../infra/http/api-schemas.js';
import { GetProjectionsStatusQuery } from './get-projections-status.query.js';

/** `GET /api/admin/projections`: the operators' screen's table (admins only), the CLI's projections-status. */
@ApiTags('Operations')
@ApiBearerAuth('back-office')
@Controller('api/admin/projections')
@UseGuards(AdminGuard)
@AdminRoles('admin')
export class ProjectionsStatusHttpController {
  constructor(private readonly queries: QueryBus) {}

  @ApiAnswer(
    schema.array(
      schema.object({
        name: schema.string(),
        state: schema.oneOf(['running', 'failed', 'never-run', 'stale']),
        version: schema.nullable(schema.integer('The version its tables were built by')),
        expectedVersion: schema.integer("The code's version (a rebuild follows when they differ)"),
        position: schema.nullable(schema.integer('The last global position applied')),
        processed: schema.integer(),
        lagEvents: schema.integer('Events behind the log (counted up to 100,000)'),
        lagSeconds: schema.integer(),
        updatedAt: schema.nullable(schema.dateTime()),
        error: schema.nullable(schema.string('Why it stopped, in full')),
        errorPosition: schema.nullable(schema.integer('The event it stopped on')),
      }),
    ),
    'Où en est chaque projection',
  )
  @Get()
  status() {
    return this.queries.execute(new GetProjectionsStatusQuery());
  }
}
