import { ApiTags } from '@nestjs/swagger';
import { ApiAnswer, schema } from '../../infra/http/api-schemas.js';
import { emailAddressMessage, isValidEmail } from '@coseso/domain/shared/email-address';
import { ClientAccountRow } from '@coseso/projections/read-models/client-accounts/client-account.entity';
import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import { type DataSource } from 'typeorm';
import { RateLimit, RateLimitGuard } from '../../infra/http/rate-limit.js';
import { ReadsProjection } from '../../infra/http/reads-projection.js';
import { READ_MODELS } from '../../infra/tokens.js';
import { CheckEmailQueryDto } from './check-email.request.dto.js';

@ApiTags('Ordering')
@Controller('api')
@UseGuards(RateLimitGuard)
export class CheckEmailHttpController {
  constructor(@Inject(READ_MODELS) private readonly readModels: DataSource) {}

  /** The wizard's live check (spec §5): is there already a client account with this email? */
  @ApiAnswer(schema.object({ exists: schema.boolean(), valid: schema.boolean(), message: schema.string() }))
  @Get('check-email')
  @RateLimit('checkEmail')
  @ReadsProjection('client-accounts')
  async check(@Query() { email }: CheckEmailQueryDto) {
    if (!isValidEmail(email)) return { exists: false, valid: false, message: emailAddressMessage(email) };
    const exists = await this.readModels
      .getRepository(ClientAccountRow)
      .exists({ where: { email: email.toLowerCase() } });
    return {
      exists,
      valid: true,
      message: exists ? 'Un compte client existe déjà avec cette adresse email' : 'Adresse email disponible',
    };
  }
}
