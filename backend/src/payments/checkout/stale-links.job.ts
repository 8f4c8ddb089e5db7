import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { JobQueue } from '../../infra/jobs/job-queue.js';
import { ExpireStaleLinksCommand } from './expire-stale-links.command.js';
import { EXPIRE_STALE_LINKS_JOB } from './stale-links.reactor.js';

@Injectable()
export class StaleLinksJob implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.jobs.register(EXPIRE_STALE_LINKS_JOB, ({ orderId }) =>
      this.commands.execute(new ExpireStaleLinksCommand(orderId)),
    );
  }
}
