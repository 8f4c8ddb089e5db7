import { type paths } from './api-types.gen';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type SuccessStatus = 200 | 201 | 202;
type JsonBody<Response> = Response extends { content: { 'application/json': infer Body } } ? Body : never;

/**
 * The JSON a route answers on success, as the API's OpenAPI document describes it
 * (`api-types.gen.ts`, generated from the document and checked against it by the backend's
 * `api-types.e2e.spec.ts`): the SPA writes no answer shape by hand. The path is the document's,
 * with its `{orderId}`-style parameters.
 */
export type ApiAnswer<Path extends keyof paths, M extends Method = 'get'> =
  NonNullable<paths[Path][M]> extends { responses: infer Responses }
    ? JsonBody<Responses[SuccessStatus & keyof Responses]>
    : never;

/** The JSON body a route takes, as the API's document describes it. */
export type ApiBody<Path extends keyof paths, M extends Method = 'post'> =
  NonNullable<paths[Path][M]> extends { requestBody?: infer Body } ? JsonBody<NonNullable<Body>> : never;
