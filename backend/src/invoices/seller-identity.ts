import { type SellerIdentity } from '@coseso/domain/invoices/invoice-document';
import { type FecAccounts } from '@coseso/domain/invoices/invoice-ledger';
import { sellerOf } from '@coseso/domain/identity/identity-rules';
import { type AppConfig } from '../config/app-config.js';
import { firstAgencyIdentity } from '../identity/agency-identity.service.js';

/** The seller the environment's SELLER_* give (the identity's version 1): the tests' fixtures. */
export function sellerIdentityOf(config: AppConfig): SellerIdentity {
  return sellerOf(firstAgencyIdentity(config));
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
