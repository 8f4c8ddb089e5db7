import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CommandOutcome, OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { SaveProgressCommand } from './save-progress.command.js';

@CommandHandler(SaveProgressCommand)
export class SaveProgressHandler implements ICommandHandler<SaveProgressCommand> {
  constructor(private readonly runner: OrderCommandRunner) {}

  execute({ orderId, currentStep, form, context }: SaveProgressCommand): Promise<CommandOutcome> {
    return this.runner.run(
      orderId,
      { type: 'SaveWizardProgress', form, ...(currentStep ? { currentStep } : {}) },
      context,
    );
  }
}
