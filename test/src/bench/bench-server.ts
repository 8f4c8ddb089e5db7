// The app as `npm start` runs it, plus one no-op POST route behind the same middleware: the
// ceiling the autosave is measured against. Started by run.ts in a process of its own.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createApp } from '@coseso/backend/create-app';
import { loadConfig } from '@coseso/backend/config/app-config';
import { Body, Controller, Get, HttpCode, Module, Post } from '@nestjs/common';
import { sampleAllocations } from './cpu-profile.js';

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

@Module({ controllers: [NoopHttpController] })
class NoopModule {}

const config = loadConfig();
const app = await createApp(config, [NoopModule]);
if (config.PROCESS_ROLES.includes('api')) await app.listen(config.PORT, '127.0.0.1');
else await app.init();
process.stdout.write('ready\n');
