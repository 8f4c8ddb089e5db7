import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const schemasDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'schemas');

export interface JsonSchemaValidator {
  /** Problems of one stored event against its published JSON Schema file; empty when it conforms. */
  problems(event: { type: string; schemaVersion: number; data: unknown; metadata: unknown }): string[];
  readonly schemaCount: number;
}

/** Validates events against the published JSON files themselves (not the zod source), as an auditor would. */
export function loadJsonSchemaValidator(dir = schemasDir): JsonSchemaValidator {
  const ajv = addFormats(new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }));
  ajv.addKeyword('x-stream').addKeyword('x-emitted-by');
  const validators = new Map<string, ReturnType<Ajv2020['compile']>>();
  for (const stream of readdirSync(dir)) {
    for (const file of readdirSync(join(dir, stream))) {
      const match = /^(\w+)\.v(\d+)\.json$/.exec(file);
      if (!match) continue;
      validators.set(
        `${match[1]}@${match[2]}`,
        ajv.compile(JSON.parse(readFileSync(join(dir, stream, file), 'utf8'))),
      );
    }
  }
  return {
    schemaCount: validators.size,
    problems(event) {
      const validate = validators.get(`${event.type}@${event.schemaVersion}`);
      if (!validate) return [`no published schema for ${event.type} v${event.schemaVersion}`];
      const { type, schemaVersion, data, metadata } = event;
      if (validate({ type, schemaVersion, data, metadata })) return [];
      return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`.trim());
    },
  };
}
