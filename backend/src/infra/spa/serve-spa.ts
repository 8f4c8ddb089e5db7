import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LandingFigures, fillLandingFigures } from '@coseso/domain/pricing/landing-figures';
import { Logger } from '@nestjs/common';
import { type NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';

const defaultDist = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../frontend/dist');

/**
 * In production the API serves the built SPA on its own port: hashed assets cached for a year,
 * index.html for every other page so client-side routes load. `/` gets landing.html instead: the
 * same shell with the landing page prerendered by the build (frontend/scripts/prerender-landing.mjs),
 * which paints before the scripts arrive and which the SPA hydrates. Other pages keep the empty
 * shell: the landing's HTML there would be the wrong page. The SPA's files go compressed (a third
 * of their size: the landing page's first paint waits for them); the API's small JSON answers do
 * not pass through the compressor.
 *
 * The prerendered landing holds a token for each of its figures: `/` is sent with those of the
 * catalogue version in force written in, and with them as a data block the page hydrates from
 * (docs/adr/0136-the-landing-page-reads-the-catalogue-as-data.md).
 */
export function serveSpa(
  app: NestExpressApplication,
  dist: string = defaultDist,
  landingFigures?: () => Promise<LandingFigures>,
): void {
  const index = join(dist, 'index.html');
  const prerenderedLanding = join(dist, 'landing.html');
  const landing = existsSync(prerenderedLanding) ? prerenderedLanding : index;
  if (!existsSync(index)) {
    new Logger('Spa').warn(`no built SPA at ${dist} (run npm run build); serving the API only`);
    return;
  }
  const compress = compression();
  app.use(
    '/assets',
    compress,
    express.static(join(dist, 'assets'), { immutable: true, maxAge: '365d', fallthrough: false }),
  );
  const isApi = (request: Request) => request.path.startsWith('/api/') || request.path === '/api';
  app.use((request: Request, response: Response, next: NextFunction) =>
    isApi(request) ? next() : compress(request, response, next),
  );
  app.use(express.static(dist, { index: false, maxAge: '1h' }));
  const landingHtml = landingFigures ? readFileSync(landing, 'utf8') : null;
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' || isApi(request)) return next();
    response.setHeader('Cache-Control', 'no-cache');
    if (request.path !== '/' || !landingHtml || !landingFigures)
      return response.sendFile(request.path === '/' ? landing : index);
    landingFigures()
      .then((figures) => {
        const page = fillLandingFigures(landingHtml, figures);
        if (page === null) return response.sendFile(landing);
        response.type('html').send(page);
      })
      .catch(next);
  });
}
