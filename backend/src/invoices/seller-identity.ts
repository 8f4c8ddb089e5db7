import { type SellerIdentity } from '@coseso/domain/invoices/invoice-document';
import { type AppConfig } from '../config/app-config.js';

/** The seller every invoice names, from the configuration (validated at start). */
export function sellerIdentityOf(config: AppConfig): SellerIdentity {
  return {
    name: config.SELLER_NAME,
    legalForm: config.SELLER_LEGAL_FORM,
    address: {
      line1: config.SELLER_STREET,
      line2: null,
      postcode: config.SELLER_POSTCODE,
      city: config.SELLER_CITY,
      countryCode: 'FR',
    },
    siren: config.SELLER_SIRET.slice(0, 9),
    siret: config.SELLER_SIRET,
    rcs: `RCS ${config.SELLER_RCS_CITY}`,
    vatNumber: config.SELLER_VAT_NUMBER,
    shareCapital: config.SELLER_SHARE_CAPITAL > 0 ? config.SELLER_SHARE_CAPITAL * 100 : null,
    email: config.SELLER_EMAIL,
  };
}
