import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { parseDomainName } from '@coseso/domain/domains/domain-name';
import { Body, Controller, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { ApiError } from '../../infra/http/api-errors.js';
import { RateLimit, RateLimitGuard } from '../../infra/http/rate-limit.js';
import { CheckDomainRequestDto } from './check-domain.request.dto.js';
import { DOMAIN_AVAILABILITY, type DomainAvailability } from './domain-availability.js';

const messages = {
  true: 'Ce nom de domaine est disponible.',
  false: 'Ce nom de domaine est déjà pris.',
  null: 'Disponibilité à confirmer par notre équipe : nous vous recontactons si besoin.',
} as const;

@Controller('api')
@UseGuards(RateLimitGuard)
export class CheckDomainHttpController {
  constructor(@Inject(DOMAIN_AVAILABILITY) private readonly availability: DomainAvailability) {}

  /** The wizard's "Vérifier": the name, its yearly price, and whether it is free (spec §7). */
  @Post('check-domain')
  @HttpCode(200)
  @RateLimit('checkDomain')
  async check(@Body() { domain }: CheckDomainRequestDto) {
    const name = parseDomainName(domain);
    if ('error' in name)
      throw new ApiError(400, ErrorCode.DOMAIN_INVALID, name.error, { domain: name.error });
    const { available, error } = await this.availability.check(name.domain);
    return {
      domain: name.domain,
      available,
      price: name.price,
      error,
      message: messages[String(available) as keyof typeof messages],
    };
  }
}
