import { ApiTags } from '@nestjs/swagger';
import { ApiAnswer, schema } from '../../infra/http/api-schemas.js';
import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { RateLimit, RateLimitGuard } from '../../infra/http/rate-limit.js';
import { ReadsProjection } from '../../infra/http/reads-projection.js';
import { CheckEmailQuery } from './check-email.query.js';
import { CheckEmailQueryDto } from './check-email.request.dto.js';

@ApiTags('Ordering')
@Controller('api')
@UseGuards(RateLimitGuard)
export class CheckEmailHttpController {
  constructor(private readonly queries: QueryBus) {}

  /** The wizard's live check (spec §5): is there already a client account with this email? */
  @ApiAnswer(schema.object({ exists: schema.boolean(), valid: schema.boolean(), message: schema.string() }))
  @Get('check-email')
  @RateLimit('checkEmail')
  @ReadsProjection('client-accounts')
  check(@Query() { email }: CheckEmailQueryDto) {
    return this.queries.execute(new CheckEmailQuery(email));
  }
}
