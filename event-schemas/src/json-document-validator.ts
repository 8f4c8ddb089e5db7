import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export interface JsonDocumentValidator {
  /** Problems of `value` against `schema` (whose `$ref`s may name the shared schemas); empty when it conforms. */
  problems(schema: object, value: unknown): string[];
}

/**
 * Validates JSON values against JSON Schemas (draft 2020-12) that refer to one shared set, with the
 * same Ajv as the events' schemas: the backend checks its API's answers against its own document
 * through it. `shared` carries its own `$id`; a schema names one of it as `<$id>#/$defs/<name>`.
 * Each schema is compiled once.
 */
export function jsonDocumentValidator(
  shared: { $id: string; $defs: Record<string, object> },
  { formats = [] as readonly string[] } = {},
): JsonDocumentValidator {
  // Not strict: a document's schemas carry descriptions, examples and vendor keys Ajv need not know.
  const ajv = addFormats(new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true }));
  for (const format of formats) ajv.addFormat(format, true);
  ajv.addSchema(shared);
  const compiled = new WeakMap<object, ReturnType<Ajv2020['compile']>>();
  return {
    problems(schema, value) {
      let validate = compiled.get(schema);
      if (!validate) {
        validate = ajv.compile(schema);
        compiled.set(schema, validate);
      }
      if (validate(value)) return [];
      const named = (params: Record<string, unknown>) =>
        'additionalProperty' in params
          ? ` (${String(params['additionalProperty'])})`
          : 'allowedValues' in params
            ? ` ${JSON.stringify(params['allowedValues'])}`
            : '';
      const problems = (validate.errors ?? []).map((e) =>
        `${e.instancePath || '/'} ${e.message ?? ''}${named(e.params)}`.trim(),
      );
      return [...new Set(problems)];
    },
  };
}
