import { type DynamicModule, Global, Logger, Module } from '@nestjs/common';
import type pg from 'pg';
import { type AppConfig, hasRole } from '../config/app-config.js';
import { APP_CONFIG, PG_POOL } from '../infra/tokens.js';
import { DeliveredOnceTransport } from './delivered-once-transport.js';
import { PostgresDeliveryLog } from './postgres-delivery-log.js';
import { DEV_MAILBOX, DevMailboxTransport } from './dev-mailbox-transport.js';
import { EmailQueue } from './email-queue.js';
import { EmailService } from './email-service.js';
import { EMAILS_OPTIONS, type EmailsModuleOptions } from './emails-options.js';
import { MAIL_TRANSPORT, type MailTransport } from './mail-transport.js';
import { SmtpMailTransport } from './smtp-mail-transport.js';
import { redisKeyPrefix } from '../infra/redis-key-prefix.js';

/**
 * Emails for the whole app: inject EmailService anywhere. Every process can enqueue; processes with
 * the 'worker' role also send. Needs InfraModule (APP_CONFIG, PG_POOL).
 */
@Global()
@Module({})
export class EmailsModule {
  static forRoot(options: EmailsModuleOptions = {}): DynamicModule {
    return {
      module: EmailsModule,
      providers: [
        { provide: EMAILS_OPTIONS, useValue: options },
        {
          provide: DEV_MAILBOX,
          inject: [APP_CONFIG, PG_POOL],
          useFactory: (config: AppConfig, pool: pg.Pool): DevMailboxTransport | null =>
            options.smtpUrl ? null : new DevMailboxTransport(pool, config.DATABASE_SCHEMA),
        },
        {
          provide: MAIL_TRANSPORT,
          inject: [APP_CONFIG, PG_POOL, DEV_MAILBOX],
          useFactory: (
            config: AppConfig,
            pool: pg.Pool,
            devMailbox: DevMailboxTransport | null,
          ): MailTransport => {
            // The dev mailbox delivers a key once by itself; SMTP through the delivery log.
            if (devMailbox || !options.smtpUrl)
              return devMailbox ?? new DevMailboxTransport(pool, config.DATABASE_SCHEMA);
            const logger = new Logger('Emails');
            return new DeliveredOnceTransport(
              new SmtpMailTransport({ url: options.smtpUrl, from: options.mailFrom || undefined }),
              new PostgresDeliveryLog({
                pool,
                connectionString: config.DATABASE_URL,
                schema: config.DATABASE_SCHEMA,
                // One connection per send under way: the email worker's concurrency (EmailQueue's 4).
                connections: 4,
                onUnrecorded: (delivery) =>
                  logger.error({
                    ...delivery,
                    msg: 'email sent, but its key could not be recorded: a rerun of its job would send it again',
                  }),
                onLostConnection: (error) =>
                  logger.warn({ msg: 'an email delivery log connection was lost', err: error.message }),
              }),
            );
          },
        },
        {
          provide: EmailQueue,
          inject: [APP_CONFIG, MAIL_TRANSPORT],
          useFactory: (config: AppConfig, transport: MailTransport) => {
            const logger = new Logger('Emails');
            return new EmailQueue({
              redisUrl: config.REDIS_URL,
              redisPrefix: redisKeyPrefix(config),
              publicUrl: config.PUBLIC_URL,
              transport,
              work: hasRole(config, 'worker'),
              // 10 tries, 5 s doubling: an SMTP server down for over an hour loses nothing.
              attempts: 10,
              // Tests that make SMTP fail should not wait for the real backoff.
              backoffMs: config.NODE_ENV === 'test' ? 100 : 5_000,
              log: {
                info: (fields, message) => logger.log({ ...fields, msg: message }),
                warn: (fields, message) => logger.warn({ ...fields, msg: message }),
                error: (fields, message) => logger.error({ ...fields, msg: message }),
              },
            });
          },
        },
        EmailService,
      ],
      exports: [EmailService],
    };
  }
}
