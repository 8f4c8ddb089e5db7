import { Module } from '@nestjs/common';
import { ClientCommandRunner } from './client-command-runner.js';
import { OrderCommandRunner } from './order-command-runner.js';

/**
 * The runners every command handler writes through. One of each per process: their memory of
 * recent streams serves every capability that writes to them.
 */
@Module({
  providers: [OrderCommandRunner, ClientCommandRunner],
  exports: [OrderCommandRunner, ClientCommandRunner],
})
export class WriteSideModule {}
