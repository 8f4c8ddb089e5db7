import { allProjectors } from '@coseso/projections/all-projectors';
import { ProjectionRunner } from '@coseso/projections/projection-runner';
import { ProjectionWaiter } from '@coseso/projections/projection-waiter';
import { openReadModelDataSource } from '@coseso/projections/read-model-data-source';
import { migrateDatabase } from '@coseso/database/migration-runner';
import { type EventStore } from '@coseso/event-store/event-store';
import { type Clock, systemClock } from '@coseso/domain/shared/clock';
import { hearLostConnections } from '@coseso/event-store/postgres-adapter';
import { SharedLogReads } from '@coseso/event-store/shared-log-reads';
import {
  type DynamicModule,
  Global,
  Inject,
  Logger,
  Module,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Redis } from 'ioredis';
import pg from 'pg';
import { type DataSource } from 'typeorm';
import { type AppConfig, hasRole } from '../config/app-config.js';
import { allMigrations } from './database/all-migrations.js';
import { OrderNumbers } from './database/order-numbers.js';
import { openEventStore } from './event-store/open-event-store.js';
import { type PersonalData } from './personal-data/personal-data-event-store.js';
import {
  APP_CONFIG,
  CLOCK,
  EVENT_STORE,
  LIVE_LOG_READS,
  PERSONAL_DATA,
  PG_POOL,
  READ_MODELS,
  REDIS,
} from './tokens.js';

/** How long a request may wait for a database connection (a free one, or a new one) before a 503. */
const DATABASE_CONNECT_TIMEOUT_MS = 10_000;

/**
 * Everything that talks to the outside world, opened once per process: the Postgres pool, the event
 * store, the read models and, in a projector process, the projection runner.
 */
@Global()
@Module({})
export class InfraModule implements OnApplicationShutdown {
  private readonly logger = new Logger('Infra');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LIVE_LOG_READS) private readonly liveReads: SharedLogReads,
    @Inject(READ_MODELS) private readonly readModels: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly runner: ProjectionRunner,
    private readonly waiter: ProjectionWaiter,
  ) {}

  static forRoot(config: AppConfig, clock: Clock = systemClock): DynamicModule {
    return {
      module: InfraModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: CLOCK, useValue: clock },
        {
          provide: PG_POOL,
          useFactory: async () => {
            const applied = await migrateDatabase({
              url: config.DATABASE_URL,
              schema: config.DATABASE_SCHEMA,
              migrations: allMigrations,
            });
            if (applied.length > 0) new Logger('Postgres').log({ msg: 'schema migrated', applied });
            const pool = new pg.Pool({
              connectionString: config.DATABASE_URL,
              max: config.DATABASE_POOL_SIZE,
              // A database that does not answer fails the request (503) rather than holding it forever.
              connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
            });
            // A connection ended by the server (restart, failover) is dropped by the pool and replaced
            // on demand; unheard, its 'error' event would end the process.
            return hearLostConnections(pool, (error) =>
              new Logger('Postgres').warn({ msg: 'a connection was lost', err: error.message }),
            );
          },
        },
        {
          provide: PERSONAL_DATA,
          inject: [PG_POOL],
          useFactory: (pool: pg.Pool) => openEventStore(config, pool),
        },
        { provide: EVENT_STORE, useExisting: PERSONAL_DATA },
        {
          provide: LIVE_LOG_READS,
          inject: [EVENT_STORE, PERSONAL_DATA],
          useFactory: (store: EventStore, personalData: PersonalData) => {
            if (config.LOG_READ_LAG_MS > 0)
              new Logger('Projections').warn(
                `LOG_READ_LAG_MS=${config.LOG_READ_LAG_MS}: every read model lags that much behind the log (the race hunt)`,
              );
            const reads = new SharedLogReads(store, config.LOG_READ_LAG_MS);
            // What was decrypted before an erasure is not handed on after it.
            personalData.onErasure(() => reads.forget());
            return reads;
          },
        },
        {
          provide: REDIS,
          // No offline queue: a caller with a fallback (the rate limits) gets an error at once while Redis is away.
          useFactory: () =>
            new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false }),
        },
        {
          provide: READ_MODELS,
          inject: [PG_POOL], // the database must exist first
          useFactory: () =>
            openReadModelDataSource({
              url: config.DATABASE_URL,
              schema: config.DATABASE_SCHEMA,
              entities: allProjectors.flatMap((p) => p.entities),
              // Each projector holds one connection for its lock as long as the process runs: the
              // pool has one per projector, and room for their batches and the API's reads.
              poolSize: Math.max(allProjectors.length + 2, Math.floor(config.DATABASE_POOL_SIZE / 2)),
              connectTimeoutMs: DATABASE_CONNECT_TIMEOUT_MS,
            }),
        },
        {
          provide: OrderNumbers,
          inject: [PG_POOL],
          useFactory: (pool: pg.Pool) => new OrderNumbers(pool, config.DATABASE_SCHEMA),
        },
        {
          provide: ProjectionWaiter,
          inject: [EVENT_STORE, READ_MODELS],
          useFactory: (store: EventStore, readModels: DataSource) =>
            new ProjectionWaiter(store, readModels, config.DATABASE_SCHEMA, {
              listenUrl: config.DATABASE_URL, // the projectors may run in another process
            }),
        },
        {
          provide: ProjectionRunner,
          inject: [EVENT_STORE, LIVE_LOG_READS, READ_MODELS, ProjectionWaiter],
          useFactory: async (
            store: EventStore,
            liveReads: SharedLogReads,
            readModels: DataSource,
            waiter: ProjectionWaiter,
          ) => {
            const logger = new Logger('Projections');
            const runner = new ProjectionRunner({
              store,
              liveReads,
              dataSource: readModels,
              url: config.DATABASE_URL,
              schema: config.DATABASE_SCHEMA,
              projectors: allProjectors,
              log: {
                info: (fields, message) => logger.log({ ...fields, msg: message }),
                warn: (fields, message) => logger.warn({ ...fields, msg: message }),
                error: (fields, message) => logger.error({ ...fields, msg: message }),
              },
            });
            runner.onProgress((name, positions) => waiter.applied(name, positions));
            if (hasRole(config, 'projector')) await runner.start();
            return runner;
          },
        },
      ],
      exports: [
        APP_CONFIG,
        CLOCK,
        PG_POOL,
        EVENT_STORE,
        PERSONAL_DATA,
        LIVE_LOG_READS,
        READ_MODELS,
        REDIS,
        OrderNumbers,
        ProjectionWaiter,
        ProjectionRunner,
      ],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.runner.stop().catch((e: unknown) => this.logger.error(e));
    await this.waiter.close().catch((e: unknown) => this.logger.error(e));
    await this.liveReads.close().catch((e: unknown) => this.logger.error(e));
    await this.store.close().catch((e: unknown) => this.logger.error(e));
    await this.readModels.destroy().catch((e: unknown) => this.logger.error(e));
    await this.pool.end().catch((e: unknown) => this.logger.error(e));
    this.redis.disconnect();
    this.redis.disconnect();
    void this.config;
  }
}
