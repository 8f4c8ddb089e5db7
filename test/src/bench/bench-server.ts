// The app as `npm start` runs it, plus one no-op POST route behind the same middleware: the
// ceiling the autosave is measured against. Started by run.ts in a process of its own.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createApp } from '@coseso/backend/create-app';
import { loadConfig } from '@coseso/backend/config/app-config';
import { APP_CONFIG, PG_POOL } from '@coseso/backend/infra/tokens';
import { type AppConfig } from '@coseso/backend/config/app-config';
import { RateLimit, RateLimitGuard } from '@coseso/backend/infra/http/rate-limit';
import { OrderIdParams } from '@coseso/backend/orders/shared/order-id';
import {
  SaveProgressRequestDto,
  stepAndForm,
} from '@coseso/backend/orders/save-progress/save-progress.request.dto';
import { Body, Controller, Get, HttpCode, Inject, Module, Param, Post, UseGuards } from '@nestjs/common';
import type pg from 'pg';
import { allMigrations } from '@coseso/backend/infra/database/all-migrations';
import { migrateDatabase } from '@coseso/database/migration-runner';
import { sampleAllocations } from './cpu-profile.js';
import { BenchCrudDrafts1795543200002 } from './crud-drafts.migration.js';

const profiler = new Session();
profiler.connect();
let stopSampling: (file: string) => Promise<void> = () => Promise.resolve();

@Controller('api/bench')
class NoopHttpController {
  @Post('noop')
  @HttpCode(200)
  noop(@Body() body: unknown) {
    return { saved: body !== undefined, position: null };
  }

  /**
   * A profile of this process from now on, written by `profile/stop` (no start-up in it): CPU, or
   * with `allocations` what is allocated where, the garbage collected since included.
   */
  @Post('profile/start')
  @HttpCode(204)
  async startProfile(@Body() { allocations }: { allocations?: boolean }) {
    if (allocations) {
      stopSampling = await sampleAllocations();
      return;
    }
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }

  @Post('profile/stop')
  @HttpCode(200)
  async stopProfile(@Body() { file, allocations }: { file: string; allocations?: boolean }) {
    if (allocations) await stopSampling(file);
    else writeFileSync(file, JSON.stringify((await profiler.post('Profiler.stop')).profile));
    return { file };
  }

  /** Where the process's memory goes (heap, buffers), beside the RSS the bench reads from /proc. */
  @Get('memory')
  memory() {
    return process.memoryUsage();
  }
}

/**
 * What a user would build without event sourcing: the autosave's own guard, rate limit and DTO
 * validation, then one upsert of the draft into a plain table (one statement: INSERT + COMMIT).
 * The autosave's throughput and CPU are measured against it.
 */
@Controller('api/bench/crud')
@UseGuards(RateLimitGuard)
class CrudDraftHttpController {
  private readonly table: string;

  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.table = `"${config.DATABASE_SCHEMA}".bench_crud_drafts`;
  }

  @Post(':orderId/progress')
  @HttpCode(200)
  @RateLimit('wizardSave')
  async save(@Param() { orderId }: OrderIdParams, @Body() body: SaveProgressRequestDto) {
    const { currentStep, form } = stepAndForm(body);
    await this.pool.query(
      `insert into ${this.table} as draft (order_id, step, form, updated_at) values ($1, $2, $3, now())
       on conflict (order_id) do update
         set step = coalesce(excluded.step, draft.step), form = draft.form || excluded.form, updated_at = now()`,
      [orderId, currentStep ?? null, JSON.stringify(form)],
    );
    return { saved: true, position: null };
  }
}

@Module({ controllers: [NoopHttpController, CrudDraftHttpController] })
class NoopModule {}

const config = loadConfig();
// The CRUD route's table, beside the app's own (which the app's start would migrate the same way).
await migrateDatabase({
  url: config.DATABASE_URL,
  schema: config.DATABASE_SCHEMA,
  migrations: [...allMigrations, BenchCrudDrafts1795543200002],
});
const app = await createApp(config, [NoopModule]);
if (config.PROCESS_ROLES.includes('api')) await app.listen(config.PORT, '127.0.0.1');
else await app.init();
process.stdout.write('ready\n');
