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
import { CatalogueVersionRow } from '@coseso/projections/read-models/catalogue/catalogue-version.entity';
import { OrderSummaryRow } from '@coseso/projections/read-models/order-views/order-summary.entity';
import { ProjectionWaiter } from '@coseso/projections/projection-waiter';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { type DataSource } from 'typeorm';
import { type AppConfig } from '../config/app-config.js';
import { APP_CONFIG, CLOCK, READ_MODELS } from '../infra/tokens.js';
import { type CommandContext } from '../write-side/command-context.js';
import { CatalogueCommandRunner } from './catalogue-command-runner.js';

/** How long a process trusts what it read of the read model before reading what others published since. */
const FRESH_FOR_MS = 1_000;

/** The projector whose read model this serves (GET routes name it for X-Min-Position). */
export const CATALOGUE_PROJECTOR = 'catalogue';

/**
 * The catalogue as every page and the wizard read it: the `catalogue` read model (one row per
 * version, rebuilt from the stream like the others), cached in memory and read again at most every
 * second. A publication waits for the read model to hold it before answering, and this process
 * serves it at once. An order's own version missing from the read model (a rebuild under way) is
 * read from the stream. Until the back-office first publishes, the log holds nothing and version 1
 * is the first grid, the very one that publication seeds
 * (docs/adr/0123-the-catalogue-is-a-stream-of-versions.md).
 */
@Injectable()
export class CatalogueService {
  private cached: { state: CatalogueState; readAt: number } | null = null;

  constructor(
    private readonly runner: CatalogueCommandRunner,
    @Inject(READ_MODELS) private readonly readModels: DataSource,
    private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'READ_YOUR_WRITES_WAIT_MS'>,
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
    const read = versionNumbered(await this.state(), version);
    if (read) return read;
    // Not in the read model (yet): the stream says whether it exists.
    const state = await this.runner.current(CATALOGUE_STREAM);
    if (state.versions.length === 0) return version === 1 ? implicitFirstVersion() : null;
    return versionNumbered(state, version);
  }

  /** How many orders were priced at each version (the order summaries' count, by their index), absent: none. */
  async ordersPricedAt(): Promise<ReadonlyMap<number, number>> {
    const rows = await this.readModels
      .getRepository(OrderSummaryRow)
      .createQueryBuilder('o')
      .select('o.catalogueVersion', 'version')
      .addSelect('count(*)::int', 'orders')
      .where('o.catalogueVersion is not null')
      .groupBy('o.catalogueVersion')
      .getRawMany<{ version: number; orders: number }>();
    return new Map(rows.map((row) => [row.version, row.orders]));
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
    if (outcome.position !== null)
      await this.waiter.waitFor(CATALOGUE_PROJECTOR, outcome.position, this.config.READ_YOUR_WRITES_WAIT_MS);
    // What the runner holds is the stream itself, as new as the read model or newer.
    this.cached = { state: outcome.state, readAt: Date.now() };
    return { version: outcome.state.versions.at(-1)!, position: outcome.position };
  }

  private async state(): Promise<CatalogueState> {
    if (this.cached && Date.now() - this.cached.readAt < FRESH_FOR_MS) return this.cached.state;
    const rows = await this.readModels.getRepository(CatalogueVersionRow).find({ order: { version: 'ASC' } });
    const state: CatalogueState = { versions: rows.map(versionOf) };
    this.cached = { state, readAt: Date.now() };
    return state;
  }
}

/**
 * The dates of version 1 before the log holds it: in force since always, for the domain; the API
 * answers null for them (catalogue-answer.ts), and the pages say « dès l’ouverture des commandes ».
 */
export const IMPLICIT_FIRST_VERSION_SINCE = new Date(0).toISOString();

/** Version 1 as it reads before the log holds it: the first grid, in force since always. */
function implicitFirstVersion(): CatalogueVersion {
  return {
    version: 1,
    effectiveFrom: IMPLICIT_FIRST_VERSION_SINCE,
    publishedAt: IMPLICIT_FIRST_VERSION_SINCE,
    publishedBy: { kind: 'system', id: 'catalogue-seed' },
    reason: FIRST_CATALOGUE_REASON,
    changes: [],
    grid: firstCatalogueGrid(),
  };
}

/** A row of the read model as the domain's version. */
function versionOf(row: CatalogueVersionRow): CatalogueVersion {
  return {
    version: row.version,
    effectiveFrom: row.effectiveFrom.toISOString(),
    publishedAt: row.publishedAt.toISOString(),
    publishedBy: row.publishedBy,
    reason: row.reason,
    changes: row.changes,
    grid: row.grid,
  };
}
