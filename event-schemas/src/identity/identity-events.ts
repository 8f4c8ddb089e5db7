import { z } from 'zod';

// The agency's identity (`identity`, one stream): the seller its invoices, contracts, legal pages and
// emails name. Each change is a numbered version carrying the whole identity, so a document issued
// under version N names version N's seller for as long as the log lasts; the environment's SELLER_*
// give version 1.

export const agencyIdentityFields = [
  'name',
  'legalForm',
  'street',
  'postcode',
  'city',
  'siret',
  'rcsCity',
  'vatNumber',
  'shareCapitalEuros',
  'email',
  'iban',
] as const;

/** The whole identity a version makes (the SELLER_* settings, as the back-office edits them). */
export const agencyIdentitySchema = z.strictObject({
  name: z.string().min(1).max(200),
  legalForm: z.string().min(1).max(100).meta({ description: 'SAS, SARL, EI…' }),
  street: z.string().min(1).max(200),
  postcode: z.string().regex(/^\d{5}$/),
  city: z.string().min(1).max(100),
  siret: z
    .string()
    .regex(/^\d{14}$/)
    .meta({ description: "The head office's SIRET; its first 9 digits are the SIREN" }),
  rcsCity: z.string().min(1).max(100).meta({ description: 'The town of the trade and companies register' }),
  vatNumber: z.string().regex(/^FR[0-9A-Z]{2}\d{9}$/),
  shareCapitalEuros: z
    .int()
    .min(0)
    .max(1_000_000_000)
    .meta({ description: 'Whole euros; 0 for a legal form without one' }),
  email: z.email(),
  iban: z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/),
});

export const identityEventDefinitions = {
  AgencyIdentityChanged: {
    schemaVersion: 1,
    emittedBy:
      'admin (« Identité de l’agence » in the back-office), or the system for version 1 (the SELLER_* settings)',
    meaning:
      'A numbered version of the agency’s identity: the whole seller block, the fields changed from the version before, and why. Documents issued from now on name it; invoices and contracts issued before keep the seller they were issued with.',
    data: z.strictObject({
      version: z.int().min(1),
      reason: z.string().min(1).max(2000),
      changedFields: z.array(z.enum(agencyIdentityFields)).max(agencyIdentityFields.length),
      identity: agencyIdentitySchema,
    }),
  },
} as const;

type Definitions = typeof identityEventDefinitions;
export type IdentityEventType = keyof Definitions;
export type IdentityEventData<T extends IdentityEventType> = z.infer<Definitions[T]['data']>;
export type IdentityEvent = {
  [T in IdentityEventType]: { readonly type: T; readonly data: IdentityEventData<T> };
}[IdentityEventType];
export type AgencyIdentity = z.infer<typeof agencyIdentitySchema>;
export type AgencyIdentityField = (typeof agencyIdentityFields)[number];
