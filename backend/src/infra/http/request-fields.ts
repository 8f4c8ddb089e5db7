import {
  type FieldRule,
  type RuleMode,
  breaksFormat,
  formatMessage,
  hostingFieldRules,
  isBlank,
  orderFieldRules,
  ruleIn,
  shapeMessages,
} from '@coseso/domain/orders/order-field-rules';
import { EMAIL_MAX_LENGTH, emailAddressMessage, isValidEmail } from '@coseso/domain/shared/email-address';
import { type Type as ClassType, applyDecorators } from '@nestjs/common';
import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsObject,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

/** The French messages of the request checks that are not the wizard's own rules. */
export const requestMessages = {
  required: 'Ce champ est requis',
  ...shapeMessages,
  tooShort: (minLength: number) => `Ce champ doit contenir au moins ${minLength} caractères`,
  boolean: 'Ce champ doit valoir true ou false',
  integer: 'Ce champ doit être un nombre entier',
  range: (min: number, max: number) => `Ce champ doit être compris entre ${min} et ${max}`,
  uuid: 'Identifiant invalide',
  object: 'Ce champ doit être un objet',
} as const;

interface Presence {
  /** Absent is fine (undefined only: null is a wrong type unless `nullable`). */
  optional?: boolean;
  nullable?: boolean;
  /** Required only when this holds of the whole object (and not checked at all otherwise). */
  requiredWhen?: (object: never) => boolean;
  /** The message when the field is missing, instead of the generic one. */
  requiredMessage?: string;
  description?: string;
  example?: unknown;
}

function presence(options: Presence, docs: ApiPropertyOptions) {
  const { optional = false, nullable = false, requiredWhen } = options;
  return [
    ...(requiredWhen ? [ValidateIf((object) => requiredWhen(object as never))] : []),
    ApiProperty({
      ...docs,
      required: !optional && !requiredWhen,
      ...(nullable ? { nullable: true } : {}),
      ...(options.description ? { description: options.description } : {}),
      ...(options.example !== undefined ? { example: options.example } : {}),
    } as ApiPropertyOptions),
    optional || nullable
      ? ValidateIf(
          (_, value) => (optional ? value !== undefined : true) && (nullable ? value !== null : true),
        )
      : IsDefined({ message: options.requiredMessage ?? requestMessages.required }),
    ...(!optional && nullable
      ? [IsDefined({ message: options.requiredMessage ?? requestMessages.required })]
      : []),
  ];
}

const trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** A string: trimmed when asked, then its length and pattern checked, each with its French message. */
export function TextField(
  options: Presence & {
    maxLength: number;
    minLength?: number;
    minMessage?: string;
    trim?: boolean;
    pattern?: { regex: RegExp; message: string };
    format?: string;
  },
) {
  return applyDecorators(
    ...presence(options, {
      type: String,
      maxLength: options.maxLength,
      ...(options.minLength !== undefined ? { minLength: options.minLength } : {}),
      ...(options.pattern ? { pattern: options.pattern.regex.source } : {}),
      ...(options.format ? { format: options.format } : {}),
    }),
    ...(options.trim ? [trimmed()] : []),
    IsString({ message: requestMessages.text }),
    ...(options.minLength !== undefined
      ? [
          MinLength(options.minLength, {
            message: options.minMessage ?? requestMessages.tooShort(options.minLength),
          }),
        ]
      : []),
    MaxLength(options.maxLength, { message: requestMessages.tooLong(options.maxLength) }),
    ...(options.pattern ? [Matches(options.pattern.regex, { message: options.pattern.message })] : []),
  );
}

/**
 * An email address, trimmed, held to the domain's one address rule (the mailer's), with its French
 * message. `blankable`: an empty string is accepted too (a form not filled in yet).
 */
export function EmailField(options: Presence & { blankable?: boolean } = {}) {
  const { blankable = false, ...rest } = options;
  return applyDecorators(
    TextField({ ...rest, maxLength: EMAIL_MAX_LENGTH, trim: true, format: 'email' }),
    ValidateBy({
      name: 'emailAddress',
      validator: {
        validate: (value) =>
          typeof value === 'string' && ((blankable && value === '') || isValidEmail(value)),
        defaultMessage: (args) => emailAddressMessage(String(args?.value)),
      },
    }),
  );
}

/** One of `values`. */
export function ChoiceField(values: readonly string[], options: Presence & { message?: string } = {}) {
  return applyDecorators(
    ...presence(options, { enum: [...values], type: String }),
    IsIn([...values], { message: options.message ?? requestMessages.choice(values) }),
  );
}

export function BooleanField(options: Presence & { mustBeTrue?: string } = {}) {
  return applyDecorators(
    ...presence(options, { type: Boolean, ...(options.mustBeTrue ? { enum: [true] } : {}) }),
    IsBoolean({ message: options.mustBeTrue ?? requestMessages.boolean }),
    ...(options.mustBeTrue ? [IsIn([true], { message: options.mustBeTrue })] : []),
  );
}

/** An integer; `fromQuery` reads it from a query string (where every value is text). */
export function IntField(
  options: Presence & { min: number; max: number; fromQuery?: boolean; default?: number },
) {
  return applyDecorators(
    ...presence(options, {
      type: 'integer',
      minimum: options.min,
      maximum: options.max,
      ...(options.default !== undefined ? { default: options.default } : {}),
    }),
    ...(options.fromQuery ? [Type(() => Number)] : []),
    IsInt({ message: requestMessages.integer }),
    Min(options.min, { message: requestMessages.range(options.min, options.max) }),
    Max(options.max, { message: requestMessages.range(options.min, options.max) }),
  );
}

/** An order id (or any id we make): a v4 UUID. */
export function UuidField(options: Presence = {}) {
  return applyDecorators(
    ...presence(options, { type: String, format: 'uuid' }),
    IsUUID('4', { message: requestMessages.uuid }),
  );
}

/** An object checked by its own DTO class. */
export function NestedField(dto: () => ClassType, options: Presence = {}) {
  return applyDecorators(
    ...presence(options, { type: dto }),
    IsObject({ message: requestMessages.object }),
    ValidateNested(),
    Type(dto),
  );
}

const rules: Record<string, FieldRule> = { ...orderFieldRules, ...hostingFieldRules };
export type RuleName = keyof typeof orderFieldRules | keyof typeof hostingFieldRules;

/**
 * A wizard field, checked by its rule in the domain's rule table (the SPA's forms are built from
 * the same table). A draft requires nothing and checks only the formats marked for drafts.
 */
export function FollowsRule(name: RuleName, mode: RuleMode = 'completion') {
  const rule = ruleIn(rules[name]!, mode);
  const presenceOptions: Presence = rule.required ? { requiredMessage: rule.required } : { optional: true };
  if (rule.kind === 'choice') return ChoiceField(rule.values, presenceOptions);

  const { required, format } = rule;
  return applyDecorators(
    ...presence(presenceOptions, { type: String, maxLength: rule.maxLength }),
    IsString({ message: requestMessages.text }),
    MaxLength(rule.maxLength, { message: requestMessages.tooLong(rule.maxLength) }),
    ...(required
      ? [
          ValidateBy({
            name: 'filled',
            validator: {
              validate: (value) => typeof value === 'string' && !isBlank(value),
              defaultMessage: () => required,
            },
          }),
        ]
      : []),
    ...(format
      ? [
          ValidateBy({
            name: `format:${name}`,
            validator: {
              validate: (value) => typeof value === 'string' && !breaksFormat(format, value),
              defaultMessage: (args) => formatMessage(format, String(args?.value)),
            },
          }),
        ]
      : []),
  );
}
