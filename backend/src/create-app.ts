import { landingFigures } from '@coseso/domain/pricing/landing-figures';
import { type Clock, systemClock } from '@coseso/domain/shared/clock';
import 'reflect-metadata';
import { type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { serveApiDocs } from './api-docs.js';
import { AppModule } from './app.module.js';
import { type AppConfig } from './config/app-config.js';
import { originCheck } from './infra/http/origin-check.js';
import { noStoreOnApi, securityHeaders } from './infra/http/security-headers.js';
import { PinoNestLogger, createLogger, requestLogger } from './infra/logging/pino-logger.js';
import { serveSpa } from './infra/spa/serve-spa.js';
import { CatalogueService } from './catalogue/catalogue.service.js';

/** The whole application for one configuration; main.ts and the end-to-end tests build it the same way. */
export async function createApp(
  config: AppConfig,
  extraModules: readonly Type[] = [],
  clock: Clock = systemClock,
): Promise<NestExpressApplication> {
  const logger = createLogger(config);
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot(config, extraModules, clock),
    {
      logger: new PinoNestLogger(logger),
      rawBody: true, // webhooks verify their signature over the exact bytes
      abortOnError: false,
    },
  );
  app.use(requestLogger(logger));
  app.use(securityHeaders(config));
  app.use(noStoreOnApi());
  app.use(originCheck(config));
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  app.enableShutdownHooks();
  serveApiDocs(app);
  if (config.NODE_ENV === 'production') {
    const catalogue = app.get(CatalogueService);
    serveSpa(app, config.SPA_DIST, async () => {
      const { version, grid } = await catalogue.inForce();
      return landingFigures(grid, version);
    });
  }
  return app;
}
