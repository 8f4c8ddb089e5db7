import { errorCodes } from '@coseso/domain/shared/error-codes';
import { type INestApplication } from '@nestjs/common';
import { type NestExpressApplication } from '@nestjs/platform-express';
import {
  DocumentBuilder,
  type OpenAPIObject,
  type OperationObject,
  type ResponseObject,
  SwaggerModule,
} from '@nestjs/swagger';
import { type NextFunction, type Request, type Response } from 'express';
import { ClientSessionGuard } from './accounts/shared/client-session.guard.js';
import { SESSION_COOKIE } from './accounts/shared/session-cookie.js';
import { AdminGuard } from './auth/admin.guard.js';
import { schema, sharedSchemas } from './infra/http/api-schemas.js';
import { isRateLimited } from './infra/http/rate-limit.js';
import { routeBodyType } from './infra/http/request-body-type.js';
import { type Route, routeTable } from './infra/http/route-table.js';

export const API_DOCS_PATH = '/api/docs';
export const API_DOCS_JSON_PATH = '/api/docs.json';

const CLIENT_SESSION = 'client-session';
const BACK_OFFICE = 'back-office';

const errorAnswer = (description: string): ResponseObject => ({
  description,
  content: { 'application/json': { schema: schema.ref('ApiError') } },
});

/**
 * What the guards and the route's shape say about every operation, added to the document from
 * the route table rather than repeated on each handler: its auth, and the refusals every route of
 * its kind can answer (all as `ApiError`).
 */
function completeOperation(operation: OperationObject, route: Route): void {
  const client = route.guards.includes(ClientSessionGuard);
  const admin = route.guards.includes(AdminGuard);
  if (client) operation.security = [{ [CLIENT_SESSION]: [] }];
  if (admin) operation.security = [{ [BACK_OFFICE]: [] }];
  const takesInput = (operation.parameters?.length ?? 0) > 0 || operation.requestBody !== undefined;
  const refusals: Record<string, string> = {
    ...(takesInput ? { 400: 'Requête invalide : un message en français par champ fautif (fields)' } : {}),
    ...(client || admin ? { 401: 'Non connecté, ou session expirée' } : {}),
    ...(admin ? { 403: 'Rôle insuffisant' } : {}),
    ...(route.method !== 'GET' ? { 403: 'Écriture portant un cookie depuis une autre origine' } : {}),
    ...(route.path.includes('{') ? { 404: 'Ressource introuvable (ou celle d’un autre client)' } : {}),
    ...(route.method === 'POST' && route.path.includes('{orderId}')
      ? { 409: 'Refusée par la commande dans son état actuel, ou modifiée en même temps' }
      : {}),
    ...(route.method !== 'GET' && routeBodyType(route.controller, route.handlerName) !== 'provider'
      ? { 415: 'Corps d’un autre type que celui de la route (JSON ; multipart pour les fichiers)' }
      : {}),
    ...(isRateLimited(route.controller, route.handlerName)
      ? { 429: 'Trop de requêtes (voir Retry-After)' }
      : {}),
    500: 'Erreur interne (rien n’est révélé)',
    503: 'Service momentanément indisponible : PostgreSQL ou Redis ne répond pas (voir Retry-After)',
  };
  for (const [status, description] of Object.entries(refusals))
    operation.responses[status] ??= errorAnswer(description);
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The operation of `route` in `document`, if the document has it. */
export const operationOf = (document: OpenAPIObject, route: Route): OperationObject | undefined =>
  document.paths[route.path]?.[route.method.toLowerCase() as Method];

/** The routes Nest serves that the document does not describe ("GET /api/…"). */
export const undocumentedRoutes = (document: OpenAPIObject, routes: readonly Route[]): string[] =>
  routes.filter((route) => !operationOf(document, route)).map((route) => `${route.method} ${route.path}`);

/** The OpenAPI document of every route the application registers. */
export function buildApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Coseso API')
    .setDescription(
      [
        'The API of the Coseso SPA: the public ordering journey, the client area and the back-office.',
        '',
        'Amounts are integers in euro cents. An amount field without a suffix excludes VAT (HT); its ',
        'VAT-inclusive twin ends in `WithVat` (TTC).',
        '',
        'Every refusal is `{ message, code, fields? }`: `message` in French, `code` stable (one of: ',
        `${errorCodes.join(', ')}, or HTTP.<status>), \`fields\` one French message per faulty field.`,
        '',
        'Commands answer the global `position` of their last event (and `X-Event-Position`); a read that ',
        'sends it as `X-Min-Position` waits (2 s at most) until its read model has caught up. A command ',
        'refused on an order (409 once another action moved it on) answers in `X-Event-Position` where ',
        'the order stood, so that the reads that follow show what refused it.',
      ].join('\n'),
    )
    .setVersion('1')
    .addCookieAuth(
      SESSION_COOKIE,
      {
        type: 'apiKey',
        in: 'cookie',
        name: SESSION_COOKIE,
        description: 'The client area’s session (POST /api/auth/login)',
      },
      CLIENT_SESSION,
    )
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', description: 'A back-office token (POST /api/admin/login)' },
      BACK_OFFICE,
    )
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controller, method) => `${controller.replace(/HttpController$/, '')}_${method}`,
  });
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...sharedSchemas() },
  };
  for (const route of routeTable(app)) {
    const operation = operationOf(document, route);
    if (operation) completeOperation(operation, route);
  }
  return document;
}

// Swagger UI's page runs only its own files from this origin; nothing is fetched from elsewhere.
const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Serves the document as JSON at /api/docs.json and Swagger UI (the package's own assets) at /api/docs. */
export function serveApiDocs(app: NestExpressApplication): void {
  app.use(API_DOCS_PATH, (_request: Request, response: Response, next: NextFunction) => {
    response.setHeader('Content-Security-Policy', DOCS_CSP);
    next();
  });
  SwaggerModule.setup(API_DOCS_PATH.slice(1), app, () => buildApiDocument(app), {
    jsonDocumentUrl: API_DOCS_JSON_PATH.slice(1),
    raw: ['json'],
    customSiteTitle: 'Coseso API',
    swaggerOptions: { validatorUrl: null, persistAuthorization: false },
  });
}
