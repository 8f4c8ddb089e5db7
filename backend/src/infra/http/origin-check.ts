import { type NextFunction, type Request, type Response } from 'express';
import { type AppConfig } from '../../config/app-config.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookie-authenticated writes must come from our own pages: a state-changing request
 * that carries cookies and an Origin of another site is refused. SameSite=Lax already keeps the
 * session cookie off most cross-site posts; this covers the rest (same-site subdomains, old browsers).
 */
export function originCheck(config: AppConfig) {
  const allowed = new Set([new URL(config.PUBLIC_URL).origin, ...config.ALLOWED_ORIGINS]);
  return (request: Request, response: Response, next: NextFunction) => {
    const origin = request.headers.origin;
    if (SAFE.has(request.method) || !request.headers.cookie || !origin || allowed.has(origin)) return next();
    response.status(403).json({ message: 'Origine non autorisée', code: 'HTTP.FORBIDDEN_ORIGIN' });
  };
}
