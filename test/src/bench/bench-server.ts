// The app as `npm start` runs it, plus one no-op POST route behind the same middleware: the
// ceiling the autosave is measured against. Started by run.ts in a process of its own.
import { createApp } from '@coseso/backend/create-app';
import { loadConfig } from '@coseso/backend/config/app-config';
import { Body, Controller, HttpCode, Module, Post } from '@nestjs/common';

@Controller('api/bench')
class NoopHttpController {
  @Post('noop')
  @HttpCode(200)
  noop(@Body() body: unknown) {
    return { saved: body !== undefined, position: null };
  }
}

@Module({ controllers: [NoopHttpController] })
class NoopModule {}

const config = loadConfig();
const app = await createApp(config, [NoopModule]);
if (config.PROCESS_ROLES.includes('api')) await app.listen(config.PORT, '127.0.0.1');
else await app.init();
process.stdout.write('ready\n');
