import { identityProblems } from '@coseso/domain/identity/identity-rules';
import {
  type AgencyIdentity,
  type AgencyIdentityField,
} from '@coseso/event-schemas/identity/identity-events';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ValidateBy, type ValidationArguments } from 'class-validator';
import { NestedField, TextField } from '../infra/http/request-fields.js';

/** The identity as far as it was sent: what is missing reads empty, and is refused as such. */
function sentIdentity(object: object): AgencyIdentity {
  const sent = object as Partial<Record<AgencyIdentityField, unknown>>;
  const text = (value: unknown) => (typeof value === 'string' ? value.replace(/\s+$|^\s+/g, '') : '');
  const compact = (value: unknown) => text(value).replace(/[\s.]/g, '').toUpperCase();
  return {
    name: text(sent.name),
    legalForm: text(sent.legalForm),
    street: text(sent.street),
    postcode: text(sent.postcode),
    city: text(sent.city),
    siret: compact(sent.siret),
    rcsCity: text(sent.rcsCity),
    vatNumber: compact(sent.vatNumber),
    shareCapitalEuros: typeof sent.shareCapitalEuros === 'number' ? sent.shareCapitalEuros : Number.NaN,
    email: text(sent.email),
    iban: compact(sent.iban),
  };
}

/**
 * One field of the identity, held to the domain's rules (identityProblems): required, the SIRET's
 * Luhn check (the wizard's step 1's), the VAT number's key from the SIREN, the RCS city… in French.
 */
function IdentityRule(
  field: AgencyIdentityField,
  docs: { type: 'string' | 'integer'; description: string; example: unknown },
) {
  const problemOf = (args: ValidationArguments | undefined) =>
    args ? identityProblems(sentIdentity(args.object))[field] : undefined;
  return applyDecorators(
    ApiProperty({ type: docs.type, required: true, description: docs.description, example: docs.example }),
    ValidateBy({
      name: `identity.${field}`,
      validator: {
        validate: (_value, args) => problemOf(args) === undefined,
        defaultMessage: (args) => problemOf(args) ?? 'Valeur invalide',
      },
    }),
  );
}

/** The whole identity of a new version: every field, as the invoices print it. */
export class AgencyIdentityDto {
  @IdentityRule('name', { type: 'string', description: 'Raison sociale', example: 'Coseso' })
  name!: string;

  @IdentityRule('legalForm', { type: 'string', description: 'SAS, SARL, EI…', example: 'SAS' })
  legalForm!: string;

  @IdentityRule('street', {
    type: 'string',
    description: 'The head office’s street',
    example: '12 rue des Artisans',
  })
  street!: string;

  @IdentityRule('postcode', { type: 'string', description: '5 digits', example: '69002' })
  postcode!: string;

  @IdentityRule('city', { type: 'string', description: 'The head office’s town', example: 'Lyon' })
  city!: string;

  @IdentityRule('siret', {
    type: 'string',
    description: 'The head office’s SIRET (14 digits, Luhn)',
    example: '84215370200019',
  })
  siret!: string;

  @IdentityRule('rcsCity', { type: 'string', description: 'The town of the RCS registry', example: 'Lyon' })
  rcsCity!: string;

  @IdentityRule('vatNumber', {
    type: 'string',
    description: 'FR, the 2-digit key of the SIREN, the SIREN',
    example: 'FR88842153702',
  })
  vatNumber!: string;

  @IdentityRule('shareCapitalEuros', {
    type: 'integer',
    description: 'Whole euros; 0 without a share capital',
    example: 10_000,
  })
  shareCapitalEuros!: number;

  @IdentityRule('email', {
    type: 'string',
    description: 'The billing address the invoices print',
    example: 'facturation@coseso.fr',
  })
  email!: string;

  @IdentityRule('iban', {
    type: 'string',
    description: 'The account transfers are paid to',
    example: 'FR7630006000011234567890189',
  })
  iban!: string;
}

/** `POST /api/admin/agency-identity`: the next version of the identity, for a reason. */
export class ChangeIdentityRequestDto {
  @NestedField(() => AgencyIdentityDto, { description: 'The whole identity after the change' })
  identity!: AgencyIdentityDto;

  @TextField({
    maxLength: 2000,
    minLength: 1,
    trim: true,
    minMessage: 'Indiquez la raison du changement',
    requiredMessage: 'Indiquez la raison du changement',
    description: 'Why (kept in the event, shown in the history)',
  })
  reason!: string;
}
