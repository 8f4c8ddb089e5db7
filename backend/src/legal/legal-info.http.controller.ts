import { formatSiren } from '@coseso/domain/invoices/siren';
import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type AgencyIdentity } from '@coseso/event-schemas/identity/identity-events';
import { type AppConfig } from '../config/app-config.js';
import { AgencyIdentityService } from '../identity/agency-identity.service.js';
import { ApiAnswer, schema } from '../infra/http/api-schemas.js';
import { APP_CONFIG } from '../infra/tokens.js';

/** Personal data is kept 5 years after the end of the contract (the terms' data protection article). */
export const PERSONAL_DATA_RETENTION_YEARS = 5;

/**
 * The seller, the host and the data controller: the agency's identity in use (its latest version,
 * the SELLER_* settings until the back-office changes it) and the configured host. One source for
 * every legal page.
 */
export function legalInfo(config: AppConfig, identity: AgencyIdentity) {
  const address = `${identity.street}, ${identity.postcode} ${identity.city}`;
  const siren = identity.siret.slice(0, 9);
  const seller = {
    name: identity.name,
    legalForm: identity.legalForm,
    shareCapital: identity.shareCapitalEuros,
    address,
    siren: formatSiren(siren),
    siret: identity.siret,
    rcs: `RCS ${identity.rcsCity} ${formatSiren(siren)}`,
    vatNumber: identity.vatNumber,
    email: identity.email,
  };
  return {
    seller,
    host: {
      name: config.LEGAL_HOST_NAME ?? `${identity.name} ${identity.legalForm}`,
      address: config.LEGAL_HOST_ADDRESS ?? address,
    },
    dataController: {
      name: `${identity.name} ${identity.legalForm}`,
      address,
      email: config.LEGAL_PRIVACY_EMAIL ?? identity.email,
    },
    retentionYears: PERSONAL_DATA_RETENTION_YEARS,
  };
}

const party = (what: string) => schema.object({ name: schema.string(what), address: schema.string() });

@ApiTags('Public')
@Controller('api/legal')
export class LegalInfoHttpController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly identity: AgencyIdentityService,
  ) {}

  /** What the legal notice and the privacy policy say about who runs and hosts the site. */
  @ApiAnswer(
    schema.object({
      seller: schema.object({
        name: schema.string(),
        legalForm: schema.string(),
        shareCapital: schema.integer('Whole euros'),
        address: schema.string(),
        siren: schema.string(),
        siret: schema.string(),
        rcs: schema.string(),
        vatNumber: schema.string(),
        email: schema.string(),
      }),
      host: party('Who hosts the site'),
      dataController: schema.object({
        name: schema.string(),
        address: schema.string(),
        email: schema.string('Where data rights are exercised'),
      }),
      retentionYears: schema.integer('Years personal data is kept after the end of the contract'),
    }),
  )
  @Get()
  async info() {
    return legalInfo(this.config, (await this.identity.current()).identity);
  }
}
