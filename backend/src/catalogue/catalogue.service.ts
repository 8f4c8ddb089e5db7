import {
  type CatalogueState,
  type CatalogueVersion,
  versionInForce,
  versionNumbered,
} from '@coseso/domain/catalogue/catalogue-decider';
import { FIRST_CATALOGUE_REASON, firstCatalogueGrid } from '@coseso/domain/catalogue/first-version';
import { type Clock, systemClock } from '@coseso/domain/shared/clock';
import { CATALOGUE_STREAM } from '@coseso/domain/events/event-reader';
import { type CatalogueChange } from '@coseso/event-schemas/catalogue/catalogue-events';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { CLOCK } from '../infra/tokens.js';
import { type CommandContext } from '../write-side/command-context.js';
import { CatalogueCommandRunner } from './catalogue-command-runner.js';

/** How long a process trusts what it read of the stream before reading what others published since. */
const FRESH_FOR_MS = 5_000;

/**
 * The catalogue as every page and the wizard read it: the stream folded in memory (a handful of
 * versions), read again at most every few seconds. Until the back-office first publishes, the log
 * holds nothing and version 1 is the first grid, the very one that publication seeds
 * (docs/adr/0123-the-catalogue-is-a-stream-of-versions.md).
 */
@Injectable()
export class CatalogueService {
  private cached: { state: CatalogueState; readAt: number } | null = null;

  constructor(
    private readonly runner: CatalogueCommandRunner,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  /** Every version, oldest first (version 1 implied while the log holds none). */
  async versions(): Promise<readonly CatalogueVersion[]> {
    const { versions } = await this.state();
    return versions.length > 0 ? versions : [implicitFirstVersion()];
  }

  /** The version that prices a draft now. */
  async inForce(): Promise<CatalogueVersion> {
    const state = await this.state();
    return versionInForce(state, this.clock.now().toISOString()) ?? implicitFirstVersion();
  }

  /** A version by its number, null when there is none. */
  async numbered(version: number): Promise<CatalogueVersion | null> {
    const state = await this.state();
    if (state.versions.length === 0) return version === 1 ? implicitFirstVersion() : null;
    return versionNumbered(state, version);
  }

  /** Publishes the next version (seeding version 1 in the same append when the log has none yet). */
  async publish(
    input: { changes: readonly CatalogueChange[]; reason: string; effectiveFrom: string | null },
    context: CommandContext,
  ): Promise<{ version: CatalogueVersion; position: bigint | null }> {
    const outcome = await this.runner.runAll(
      CATALOGUE_STREAM,
      [
        { type: 'SeedCatalogue', grid: firstCatalogueGrid(), reason: FIRST_CATALOGUE_REASON },
        { type: 'PublishCatalogueVersion', ...input },
      ],
      context,
    );
    this.cached = { state: outcome.state, readAt: Date.now() };
    return { version: outcome.state.versions.at(-1)!, position: outcome.position };
  }

  private async state(): Promise<CatalogueState> {
    if (this.cached && Date.now() - this.cached.readAt < FRESH_FOR_MS) return this.cached.state;
    const state = await this.runner.current(CATALOGUE_STREAM);
    this.cached = { state, readAt: Date.now() };
    return state;
  }
}

/** Version 1 as it reads before the log holds it: the first grid, in force since always. */
function implicitFirstVersion(): CatalogueVersion {
  return {
    version: 1,
    effectiveFrom: new Date(0).toISOString(),
    publishedAt: new Date(0).toISOString(),
    publishedBy: { kind: 'system', id: 'catalogue-seed' },
    reason: FIRST_CATALOGUE_REASON,
    changes: [],
    grid: firstCatalogueGrid(),
  };
}
