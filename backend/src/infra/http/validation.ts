import { type ArgumentMetadata, SetMetadata, ValidationPipe } from '@nestjs/common';
import { type ValidationError, getMetadataStorage } from 'class-validator';
import { ApiError, invalidRequest } from './api-errors.js';

const STRIPS_UNKNOWN = Symbol('strips-unknown-properties');

type MetadataStorage = ReturnType<typeof getMetadataStorage>;

/**
 * class-validator looks a DTO's rules up again on every validation, each time walking every class
 * it knows to find the DTO's ancestors: with the API's hundreds of DTOs, that walk cost more than
 * the checks themselves (a profile of the autosave). The rules are made once, when the decorators
 * run, so the answers are kept; a rule added later (a module loaded late) forgets them all.
 */
function rememberRuleLookups(storage: MetadataStorage & { [REMEMBERED]?: true }) {
  if (storage[REMEMBERED]) return;
  storage[REMEMBERED] = true;
  const lookUp = storage.getTargetValidationMetadatas.bind(storage);
  let answers = new Map<string, Map<unknown, ReturnType<typeof lookUp>>>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const options = `${schema}|${always}|${strictGroups}|${groups?.join(',') ?? ''}`;
    let byTarget = answers.get(options);
    if (!byTarget) answers.set(options, (byTarget = new Map()));
    let rules = byTarget.get(target);
    if (!rules) byTarget.set(target, (rules = lookUp(target, schema, always, strictGroups, groups)));
    return rules;
  };
  // Each validation then groups those rules by property, again; the groups are kept beside the
  // rules they were made from (read only by class-validator, never changed).
  const group = storage.groupByPropertyName.bind(storage);
  const groups = new WeakMap<object, ReturnType<typeof group>>();
  storage.groupByPropertyName = (rules) => {
    let grouped = groups.get(rules);
    if (!grouped) groups.set(rules, (grouped = group(rules)));
    return grouped;
  };
  for (const method of ['addValidationMetadata', 'addConstraintMetadata', 'addValidationSchema'] as const) {
    const add = storage[method].bind(storage) as (value: never) => void;
    storage[method] = (value: never) => {
      answers = new Map();
      add(value);
    };
  }
}
const REMEMBERED = Symbol('rule-lookups-remembered');
rememberRuleLookups(getMetadataStorage());

/**
 * On a request DTO whose clients send more than it reads (the wizard posts the spec's extra
 * fields): unknown top-level properties are dropped instead of refused.
 */
export const StripsUnknownProperties = (): ClassDecorator => SetMetadata(STRIPS_UNKNOWN, true);

// class-validator's own checks, which carry no message of ours.
const builtInMessages: Record<string, string> = {
  whitelistValidation: 'Champ inconnu',
  nestedValidation: 'Ce champ doit être un objet',
  unknownValue: 'Un objet JSON est attendu',
};

/** One French message per faulty field, keyed by its path ("hostingOptions.dnsType"): the first rule broken. */
export function fieldMessages(
  errors: readonly ValidationError[],
  parent = '',
  fields: Record<string, string> = {},
): Record<string, string> {
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const [first] = Object.entries(error.constraints ?? {});
    if (first) fields[path || 'body'] ??= builtInMessages[first[0]] ?? first[1];
    fieldMessages(error.children ?? [], path, fields);
  }
  return fields;
}

export const validationFailed = (errors: readonly ValidationError[]): ApiError =>
  invalidRequest(fieldMessages(errors));

/**
 * Nest's ValidationPipe with the API's rules: every body, query and path parameter is a DTO class
 * (class-validator and class-transformer), unknown properties are refused unless the DTO strips
 * them, and a refusal is `{ message, code, fields }` in French (ErrorCode.REQUEST_INVALID).
 */
export class RequestValidationPipe extends ValidationPipe {
  constructor() {
    super({
      transform: true,
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      stopAtFirstError: true,
      validationError: { target: false, value: false },
      exceptionFactory: (errors) => validationFailed(errors),
    });
  }

  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // A POST without a body is an empty one (the landing page's creation sends none).
    const given = value ?? (metadata.type === 'body' ? {} : value);
    const withNul = nulCharacterPath(given);
    if (withNul !== null)
      throw invalidRequest({ [withNul || metadata.data || 'body']: NUL_CHARACTER_MESSAGE });
    return super.transform(
      stripsUnknown(metadata.metatype) ? withKnownKeysOnly(given, metadata.metatype!) : given,
      metadata,
    );
  }
}

export const NUL_CHARACTER_MESSAGE = 'Ce champ contient un caractère invalide (caractère nul)';

/**
 * The path ("hostingOptions.newDomainName", '' for the value itself) of the first text holding a
 * NUL character, or null. No one types one, and PostgreSQL refuses it in text and JSON alike: left
 * in, it would reach the database and come back as a 500 instead of a 400 naming the field.
 */
function nulCharacterPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, nested] of Object.entries(value)) {
    const found = nulCharacterPath(nested, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

const stripsUnknown = (dto: ArgumentMetadata['metatype']) =>
  dto !== undefined && Reflect.getMetadata(STRIPS_UNKNOWN, dto) === true;

/** Per DTO class, the properties it declares (decorators run once, when the class is defined). */
const declaredProperties = new WeakMap<object, ReadonlySet<string>>();

/** The top level only: nested objects (option groups) still refuse what they do not know. */
function withKnownKeysOnly(value: unknown, dto: NonNullable<ArgumentMetadata['metatype']>): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  let known = declaredProperties.get(dto);
  if (!known) {
    known = new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(dto, '', true, false)
        .map((rule) => rule.propertyName),
    );
    declaredProperties.set(dto, known);
  }
  return Object.fromEntries(Object.entries(value).filter(([key]) => known.has(key)));
}

export const validationPipe = () => new RequestValidationPipe();
