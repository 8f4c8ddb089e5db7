import { Controller, Get, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AdminGuard } from '../../auth/admin.guard.js';
import { ApiAnswer, schema } from '../../infra/http/api-schemas.js';
import { VerifyLogQuery } from './verify-log.query.js';

/**
 * The "Vérifier l'intégrité" button: a GET, since it only reads (and so auditors may call it). It
 * reads the whole log, so it takes a while on a large one.
 */
@ApiTags('Audit')
@ApiBearerAuth('back-office')
@Controller('api/admin/audit')
@UseGuards(AdminGuard)
export class VerifyLogHttpController {
  constructor(private readonly queries: QueryBus) {}

  @ApiAnswer(
    schema.object({
      ok: schema.boolean('true when every chain holds'),
      streams: schema.integer(),
      events: schema.integer(),
      checkedAt: schema.dateTime(),
      broken: schema.array(
        schema.object({
          streamId: schema.string(),
          revision: schema.integer('The first revision where the chain breaks'),
          kind: schema.oneOf(['altered', 'missing-events', 'missing-tail', 'unhashed']),
          expected: schema.nullable(schema.string('The hash this link should have')),
          found: schema.nullable(schema.string('The hash the store holds')),
          description: schema.string('In French'),
        }),
        'The first broken link of each broken stream',
      ),
    }),
    "L'intégrité du journal",
  )
  @Get('verify')
  async verify() {
    const report = await this.queries.execute(new VerifyLogQuery());
    return {
      ok: report.ok,
      streams: report.streams,
      events: report.events,
      checkedAt: report.checkedAt,
      broken: report.broken.map((link) => ({ ...link, revision: Number(link.revision) })),
    };
  }
}
