import { type RequestHandler } from 'express';
import helmet from 'helmet';
import { type AppConfig } from '../../config/app-config.js';

/**
 * What a page of ours may load and run: everything ships with the app, so every source is our own
 * origin. Scripts only from our files (no inline script, no eval), so an injected `<script>` or
 * `onerror=` never runs. Inline styles stay allowed: the SPA's components set `style` attributes
 * (colour previews, progress widths), which cannot run code.
 */
export function contentSecurityPolicy(config: Pick<AppConfig, 'PUBLIC_URL'>): Record<string, string[]> {
  const https = new URL(config.PUBLIC_URL).protocol === 'https:';
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Only behind https: on http://localhost it would send every asset to an https port that is not there.
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * helmet's headers on every answer: the policy above, no sniffing, no framing, no referrer leaks.
 * None depends on the request, so helmet computes them once, at start, and each answer only copies
 * them (running helmet's dozen middlewares on every request cost more than the copy).
 */
export function securityHeaders(config: Pick<AppConfig, 'PUBLIC_URL' | 'NODE_ENV'>): RequestHandler {
  const https = new URL(config.PUBLIC_URL).protocol === 'https:';
  const headers = headersSetBy(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
      // Strict-Transport-Security means something only when the app is served over https.
      strictTransportSecurity: https && config.NODE_ENV === 'production',
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Express's own header is switched off where the app is made (create-app.ts).
      xPoweredBy: false,
    }),
  );
  return (_request, response, next) => {
    for (const [name, value] of headers) response.setHeader(name, value);
    next();
  };
}

/** The headers a middleware sets on an answer, read once on a recording stand-in. */
function headersSetBy(middleware: (req: never, res: never, next: (error?: unknown) => void) => void) {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => headers.set(name, value),
    removeHeader: (name: string) => headers.delete(name),
  };
  let failure: unknown;
  middleware({} as never, recorder as never, (error) => (failure = error));
  if (failure) throw failure;
  return [...headers];
}

const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * `Cache-Control: no-store` on every answer of the API, errors included: most carry personal data
 * (an order, a contact, a client's files), and a shared computer's browser cache or a proxy must keep
 * none of them. None is meant to be cached; a route may still say more (`private, no-store`).
 */
export const noStoreOnApi = (): RequestHandler => (request, response, next) => {
  if (isApi(request.path)) response.setHeader('Cache-Control', 'no-store');
  next();
};
