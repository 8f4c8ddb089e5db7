import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { LoggerModule } from 'nestjs-pino';
import { type AppConfig } from './config/app-config.js';
import { HealthHttpController } from './health/health.http.controller.js';
import { ApiExceptionFilter } from './infra/http/api-exception.filter.js';
import { MinPositionInterceptor } from './infra/http/reads-projection.js';
import { validationPipe } from './infra/http/validation.js';
import { InfraModule } from './infra/infra.module.js';
import { OrdersModule } from './orders/orders.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.LOG_LEVEL,
            // Health probes would drown the request log.
            autoLogging: { ignore: (request) => request.url === '/api/health' },
            redact: ['req.headers.cookie', 'req.headers.authorization'],
          },
        }),
        CqrsModule.forRoot(),
        InfraModule.forRoot(config),
        OrdersModule,
      ],
      controllers: [HealthHttpController],
      providers: [
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        { provide: APP_PIPE, useFactory: validationPipe },
        { provide: APP_INTERCEPTOR, useClass: MinPositionInterceptor },
      ],
    };
  }
}
