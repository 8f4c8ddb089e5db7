import {
  type JsonDocumentValidator,
  jsonDocumentValidator,
} from '@coseso/event-schemas/json-document-validator';
import { type OpenAPIObject, type OperationObject, type ResponseObject } from '@nestjs/swagger';

/**
 * Answers the document does not describe, each with why. The list may only shrink: describe the
 * answer in the document rather than adding to it. An entry is `METHOD path status` (the path as
 * the request wrote it, or the document's template).
 */
export const UNDOCUMENTED_ANSWERS: Readonly<Record<string, string>> = {
  // The document itself and Swagger UI's page are served by SwaggerModule, not by a route of ours.
  'GET /api/docs.json 200': 'the OpenAPI document',
  'GET /api/docs 200': 'Swagger UI',
  'GET /api/docs 301': 'Swagger UI',
  'GET /api/docs/* 200': "Swagger UI's scripts and styles",
};

const allowList = Object.keys(UNDOCUMENTED_ANSWERS).map((entry) => {
  const [method, path, status] = entry.split(' ');
  return { method, status, path: path!.replace(/\*$/, ''), prefix: path!.endsWith('*') };
});

const isAllowed = (method: string, path: string, status: number) =>
  allowList.some(
    (entry) =>
      entry.method === method &&
      entry.status === String(status) &&
      (entry.prefix ? path.startsWith(entry.path) : path === entry.path),
  );

type Answer = { status: number; type: string; body: unknown; redirects: readonly string[] };

const SHARED_ID = 'coseso-api';
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/**
 * An OpenAPI 3.0 schema as a JSON Schema (2020-12): `nullable` becomes a union with null, a boolean
 * `exclusiveMinimum` a number, and `#/components/schemas/X` a reference into the shared set.
 */
export function jsonSchemaOf(openapi: unknown): unknown {
  if (Array.isArray(openapi)) return openapi.map(jsonSchemaOf);
  if (typeof openapi !== 'object' || openapi === null) return openapi;
  const {
    nullable,
    example: _example,
    exclusiveMinimum,
    exclusiveMaximum,
    ...rest
  } = openapi as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (key === '$ref' && typeof value === 'string')
      out[key] = value.replace('#/components/schemas/', `${SHARED_ID}#/$defs/`);
    // Property names are not schemas: keep them, convert what they name.
    else if (key === 'properties' && typeof value === 'object' && value !== null)
      out[key] = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, jsonSchemaOf(s)]));
    else out[key] = jsonSchemaOf(value);
  }
  if (exclusiveMinimum === true) {
    out['exclusiveMinimum'] = out['minimum'];
    delete out['minimum'];
  } else if (typeof exclusiveMinimum === 'number') out['exclusiveMinimum'] = exclusiveMinimum;
  if (exclusiveMaximum === true) {
    out['exclusiveMaximum'] = out['maximum'];
    delete out['maximum'];
  } else if (typeof exclusiveMaximum === 'number') out['exclusiveMaximum'] = exclusiveMaximum;
  return nullable === true ? { anyOf: [{ type: 'null' }, out] } : out;
}

/**
 * The path of `url` as the request sent it: a URL parser would resolve `..` and `.` segments, which
 * the server receives as they are (a download link whose key is `..`).
 */
const pathAsSent = (url: string) =>
  url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').replace(/[?#].*$/s, '') || '/';

const templateRegex = (template: string) =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);

/** Checks an application's answers against its own OpenAPI document. */
export class DocumentedAnswers {
  private document?: OpenAPIObject;
  private validator?: JsonDocumentValidator;
  /** Each answer's schema read as JSON Schema once, so that it is compiled once. */
  private readonly converted = new WeakMap<object, object>();
  private templates?: { template: string; regex: RegExp; params: number }[];

  constructor(private readonly documentOf: () => OpenAPIObject) {}

  private load() {
    if (!this.document) {
      this.document = this.documentOf();
      const $defs = Object.fromEntries(
        Object.entries(this.document.components?.schemas ?? {}).map(([name, s]) => [name, jsonSchemaOf(s)]),
      ) as Record<string, object>;
      this.validator = jsonDocumentValidator(
        { $id: SHARED_ID, $defs },
        { formats: ['binary', 'int32', 'int64'] },
      );
      this.templates = Object.keys(this.document.paths)
        .map((template) => ({
          template,
          regex: templateRegex(template),
          params: (template.match(/\{/g) ?? []).length,
        }))
        .sort((a, b) => a.params - b.params);
    }
    return { document: this.document, validator: this.validator!, templates: this.templates! };
  }

  /** What is wrong with an answer to `method path` (null when it is as documented). */
  problem(method: string, url: string, answer: Answer): string | null {
    const { document, validator, templates } = this.load();
    const path = pathAsSent(url);
    const verb = method.toLowerCase();
    const name = `${method.toUpperCase()} ${path} → ${answer.status}`;
    if (answer.redirects.length > 0) return null;
    const template = templates.find(
      ({ template, regex }) => regex.test(path) && document.paths[template]?.[verb as 'get'],
    )?.template;
    const verbName = method.toUpperCase();
    if (
      isAllowed(verbName, path, answer.status) ||
      (template && isAllowed(verbName, template, answer.status))
    )
      return null;
    if (!METHODS.has(verb)) return null;
    let response: ResponseObject | undefined;
    if (template) {
      const operation = document.paths[template]![verb as 'get'] as OperationObject;
      response = (operation.responses[String(answer.status)] ?? operation.responses['default']) as
        ResponseObject | undefined;
      if (!response)
        return `${name}: the document gives ${method.toUpperCase()} ${template} no ${answer.status} answer`;
    } else if (answer.status === 404) {
      // A path no route serves: Nest's refusal, in the document's error shape.
      response = {
        description: '',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
      };
    } else return `${name}: the document has no operation for it`;
    if (!/^application\/(.+\+)?json$/.test(answer.type)) return null;
    const schema = response.content?.['application/json']?.schema;
    if (!schema) return `${name}: answered JSON, but the document gives this answer no JSON schema`;
    let converted = this.converted.get(schema);
    if (!converted) {
      converted = jsonSchemaOf(schema) as object;
      this.converted.set(schema, converted);
    }
    const problems = validator.problems(converted, answer.body);
    return problems.length === 0
      ? null
      : `${name}: the answer does not match its documented schema (${template ?? 'ApiError'}): ${problems.join('; ')}`;
  }
}
