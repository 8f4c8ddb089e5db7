import { ApiTags } from '@nestjs/swagger';
import { ApiAnswer, schema } from '../../infra/http/api-schemas.js';
import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { parseDomainName } from '@coseso/domain/domains/domain-name';
import { Body, Controller, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { CatalogueService } from '../../catalogue/catalogue.service.js';
import { ApiError } from '../../infra/http/api-errors.js';
import { RateLimit, RateLimitGuard } from '../../infra/http/rate-limit.js';
import { CheckDomainRequestDto } from './check-domain.request.dto.js';
import { DOMAIN_AVAILABILITY, type DomainAvailability } from './domain-availability.js';

const messages = {
  true: 'Ce nom de domaine est disponible.',
  false: 'Ce nom de domaine est déjà pris.',
  null: 'Disponibilité à confirmer par notre équipe : nous vous recontactons si besoin.',
} as const;

@ApiTags('Ordering')
@Controller('api')
@UseGuards(RateLimitGuard)
export class CheckDomainHttpController {
  constructor(
    @Inject(DOMAIN_AVAILABILITY) private readonly availability: DomainAvailability,
    private readonly catalogue: CatalogueService,
  ) {}

  /** The wizard's "Vérifier": the name, its yearly price at the catalogue version in force, and whether it is free (spec §7). */
  @ApiAnswer(
    schema.object(
      {
        domain: schema.string(),
        available: schema.nullable(schema.boolean('null: to be confirmed by the team')),
        price: schema.integer('Yearly price excluding VAT (HT), in euro cents'),
        error: schema.nullable(schema.string()),
        message: schema.string(),
      },
      ['error'],
    ),
  )
  @Post('check-domain')
  @HttpCode(200)
  @RateLimit('checkDomain')
  async check(@Body() { domain }: CheckDomainRequestDto) {
    const name = parseDomainName(domain, (await this.catalogue.inForce()).grid.domainPricesHT);
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
