import { type OpenAPIObject, type ParameterObject, type SchemaObject } from '@nestjs/swagger';
import { operationOf } from '../api-docs.js';
import { type Route } from '../infra/http/route-table.js';

export type InputLocation = 'path' | 'query' | 'body';

/** One input of a route, as the API document describes it. */
export interface Input {
  readonly name: string;
  readonly in: InputLocation;
  readonly schema: SchemaObject;
  readonly required: boolean;
}

const resolve = (document: OpenAPIObject, schema: SchemaObject | { $ref: string }): SchemaObject =>
  '$ref' in schema ? (document.components!.schemas![schema.$ref.split('/').pop()!] as SchemaObject) : schema;

/**
 * The inputs of a route as its document describes them: path and query parameters, and the
 * properties of its JSON body (with `multipart`, the parts of a multipart upload too).
 */
export function inputsOf(document: OpenAPIObject, route: Route, { multipart = false } = {}): Input[] {
  const operation = operationOf(document, route)!;
  const inputs: Input[] = ((operation.parameters ?? []) as ParameterObject[]).map((p) => ({
    name: p.name,
    in: p.in as InputLocation,
    schema: resolve(document, p.schema as SchemaObject),
    required: p.required === true,
  }));
  const content = (
    operation.requestBody as { content?: Record<string, { schema: SchemaObject }> } | undefined
  )?.content;
  const body =
    content?.['application/json']?.schema ??
    (multipart ? content?.['multipart/form-data']?.schema : undefined);
  if (body) {
    const object = resolve(document, body);
    for (const [name, schema] of Object.entries(object.properties ?? {}))
      inputs.push({
        name,
        in: 'body',
        schema: resolve(document, schema as SchemaObject),
        required: (object.required ?? []).includes(name),
      });
  }
  return inputs;
}

/** Whether the route's body is a multipart form (a file upload). */
export const takesMultipart = (document: OpenAPIObject, route: Route): boolean =>
  Boolean(
    (operationOf(document, route)?.requestBody as { content?: Record<string, unknown> } | undefined)
      ?.content?.['multipart/form-data'],
  );
