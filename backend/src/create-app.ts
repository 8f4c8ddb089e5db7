import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module.js';
import { type AppConfig } from './config/app-config.js';
import { serveSpa } from './infra/spa/serve-spa.js';

/** The whole application for one configuration; main.ts and the end-to-end tests build it the same way. */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bufferLogs: true,
    abortOnError: false,
  });
  app.useLogger(app.get(Logger));
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  app.enableShutdownHooks();
  if (config.NODE_ENV === 'production') serveSpa(app, config.SPA_DIST);
  return app;
}
