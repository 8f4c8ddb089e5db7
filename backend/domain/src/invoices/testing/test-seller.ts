import { type SellerIdentity } from '../invoice-document.js';

/** The seller of the invoices' unit tests: a whole identity, with a valid SIREN and SIRET. */
export const testSeller: SellerIdentity = {
  name: 'Coseso',
  legalForm: 'SAS',
  address: { line1: '12 rue des Artisans', line2: null, postcode: '69002', city: 'Lyon', countryCode: 'FR' },
  siren: '842153702',
  siret: '84215370200019',
  rcs: 'RCS Lyon',
  vatNumber: 'FR88842153702',
  shareCapital: 1_000_000,
  email: 'facturation@coseso.fr',
};
