import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { type NextFunction, type Request, type Response } from 'express';
import { type AppConfig } from '../../config/app-config.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origins whose pages are ours whatever address a request came in on: the public one and the extra ones configured. */
export function configuredOrigins(config: AppConfig): ReadonlySet<string> {
  const extra = config.ALLOWED_ORIGINS.map(originOf).filter((origin) => origin !== null);
  return new Set([new URL(config.PUBLIC_URL).origin, ...extra]);
}

/**
 * The origin the browser addressed: scheme and host of the request, as a trusted proxy forwarded
 * them (Express's `trust proxy`). A browser cannot forge Host or X-Forwarded-* on a cross-site
 * request, so an Origin equal to it is a page of this very server, on whatever port it listens.
 */
export function requestOrigin(request: Request): string | null {
  return request.host ? originOf(`${request.protocol}://${request.host}`) : null;
}

/**
 * Cookie-authenticated writes must come from our own pages: a state-changing request that carries
 * cookies and an Origin of another site is refused. SameSite=Lax already keeps the session cookie
 * off most cross-site posts; this covers the rest (same-site subdomains, old browsers).
 */
export function originCheck(config: AppConfig) {
  const allowed = configuredOrigins(config);
  return (request: Request, response: Response, next: NextFunction) => {
    const origin = request.headers.origin;
    if (SAFE.has(request.method) || !request.headers.cookie || !origin) return next();
    const normalized = originOf(origin);
    if (normalized && (allowed.has(normalized) || normalized === requestOrigin(request))) return next();
    response.status(403).json({ message: 'Origine non autorisée', code: ErrorCode.HTTP_FORBIDDEN_ORIGIN });
  };
}

/** `scheme://host[:port]` lower-cased and without a default port, or null when it is no URL ("null" included). */
function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}
