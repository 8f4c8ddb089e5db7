import { type SellerIdentity } from '@coseso/domain/invoices/invoice-document';
import { type FecAccounts } from '@coseso/domain/invoices/invoice-ledger';
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
    iban: config.SELLER_IBAN,
  };
}

/** The accounts the sales journal (FEC layout) posts to, from the configuration. */
export function fecAccountsOf(config: AppConfig): FecAccounts {
  return {
    journalCode: config.ACCOUNTING_JOURNAL_CODE,
    journalLabel: 'Journal des ventes',
    sales: config.ACCOUNTING_SALES_ACCOUNT,
    vatCollected: config.ACCOUNTING_VAT_COLLECTED_ACCOUNT,
    clients: config.ACCOUNTING_CLIENTS_ACCOUNT,
    depositsReceived: config.ACCOUNTING_DEPOSITS_ACCOUNT,
  };
}
