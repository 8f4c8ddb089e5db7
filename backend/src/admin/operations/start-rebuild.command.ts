import { Command } from '@nestjs/cqrs';
import { type RebuildState } from './rebuilds.js';

/** Rebuilds one read model, or all of them when `projection` is absent, while the live ones keep serving. */
export class StartRebuildCommand extends Command<RebuildState> {
  constructor(readonly projection: string | undefined) {
    super();
  }
}
