import { formatSiren } from '@coseso/domain/invoices/siren';
import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type AppConfig } from '../config/app-config.js';
import { ApiAnswer, schema } from '../infra/http/api-schemas.js';
import { APP_CONFIG } from '../infra/tokens.js';

/** Personal data is kept 5 years after the end of the contract (the terms' data protection article). */
export const PERSONAL_DATA_RETENTION_YEARS = 5;

/** The seller, the host and the data controller as configured: one source for every legal page. */
export function legalInfo(config: AppConfig) {
  const address = `${config.SELLER_STREET}, ${config.SELLER_POSTCODE} ${config.SELLER_CITY}`;
  const siren = config.SELLER_SIRET.slice(0, 9);
  const seller = {
    name: config.SELLER_NAME,
    legalForm: config.SELLER_LEGAL_FORM,
    shareCapital: config.SELLER_SHARE_CAPITAL,
    address,
    siren: formatSiren(siren),
    siret: config.SELLER_SIRET,
    rcs: `RCS ${config.SELLER_RCS_CITY} ${formatSiren(siren)}`,
    vatNumber: config.SELLER_VAT_NUMBER,
    email: config.SELLER_EMAIL,
  };
  return {
    seller,
    host: {
      name: config.LEGAL_HOST_NAME ?? `${config.SELLER_NAME} ${config.SELLER_LEGAL_FORM}`,
      address: config.LEGAL_HOST_ADDRESS ?? address,
    },
    dataController: {
      name: `${config.SELLER_NAME} ${config.SELLER_LEGAL_FORM}`,
      address,
      email: config.LEGAL_PRIVACY_EMAIL ?? config.SELLER_EMAIL,
    },
    retentionYears: PERSONAL_DATA_RETENTION_YEARS,
  };
}

const party = (what: string) => schema.object({ name: schema.string(what), address: schema.string() });

@ApiTags('Public')
@Controller('api/legal')
export class LegalInfoHttpController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

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
  info() {
    return legalInfo(this.config);
  }
}
