import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { JobQueue } from '../../infra/jobs/job-queue.js';
import { OnboardClientCommand } from './onboard-client.command.js';

export const ONBOARD_CLIENT_JOB = 'onboard-client';

@Injectable()
export class OnboardClientJob implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.jobs.register(ONBOARD_CLIENT_JOB, ({ orderId, eventId }) =>
      this.commands.execute(new OnboardClientCommand(orderId, eventId)),
    );
  }
}
