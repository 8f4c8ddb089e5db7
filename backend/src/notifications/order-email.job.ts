import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { JobQueue } from '../infra/jobs/job-queue.js';
import { ORDER_EMAIL_JOB } from './order-emails.reactor.js';
import { SendOrderEmailCommand } from './send-order-email.command.js';

@Injectable()
export class OrderEmailJob implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.jobs.register(ORDER_EMAIL_JOB, ({ orderId, eventId, resentFor, ...event }) =>
      this.commands.execute(new SendOrderEmailCommand(orderId, eventId, event, resentFor)),
    );
  }
}
