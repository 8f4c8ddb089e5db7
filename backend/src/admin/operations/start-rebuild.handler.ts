import { allProjectors } from '@coseso/projections/all-projectors';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type RebuildState, Rebuilds } from './rebuilds.js';
import { StartRebuildCommand } from './start-rebuild.command.js';

/** Starts the rebuild and answers at once; its progress streams from `GET …/rebuilds/:id/events`. */
@CommandHandler(StartRebuildCommand)
export class StartRebuildHandler implements ICommandHandler<StartRebuildCommand> {
  constructor(private readonly rebuilds: Rebuilds) {}

  execute({ projection }: StartRebuildCommand): Promise<RebuildState> {
    return this.rebuilds.start(projection ? [projection] : allProjectors.map((p) => p.name));
  }
}
