import {
  type CatalogueChange,
  type CatalogueEvent,
  type CatalogueGrid,
  catalogueGridSchema,
} from '@coseso/event-schemas/catalogue/catalogue-events';
import { type Actor } from '@coseso/event-schemas/envelope';
import { type Decider, type Recorded } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import { ErrorCode } from '../shared/error-codes.js';
import { applyLaunchOfferChange, launchOfferChangesChecked } from './launch-offer-changes.js';

interface Base<T extends string> {
  readonly type: T;
  readonly actor: Actor;
  readonly now: string;
}

export type CatalogueCommand =
  /** At start: version 1 from the code's grid, once; nothing when the log already has it. */
  | (Base<'SeedCatalogue'> & { grid: CatalogueGrid; reason: string })
  /** The back-office publishes the next version: these changes on the latest one, from `effectiveFrom` (now when absent). */
  | (Base<'PublishCatalogueVersion'> & {
      changes: readonly CatalogueChange[];
      reason: string;
      effectiveFrom?: string | null;
    });

/** One published version: the whole grid, and who made it, when, why, and from when it prices. */
export interface CatalogueVersion {
  readonly version: number;
  readonly effectiveFrom: string;
  readonly publishedAt: string;
  readonly publishedBy: Actor;
  readonly reason: string;
  readonly changes: readonly CatalogueChange[];
  readonly grid: CatalogueGrid;
}

export interface CatalogueState {
  /** Every version, oldest first: version n is at index n - 1. */
  readonly versions: readonly CatalogueVersion[];
}

export const initialCatalogueState = (): CatalogueState => ({ versions: [] });

export function evolveCatalogue(state: CatalogueState, event: Recorded<CatalogueEvent>): CatalogueState {
  switch (event.type) {
    case 'CatalogueVersionPublished':
      return {
        versions: [
          ...state.versions,
          {
            version: event.data.version,
            effectiveFrom: event.data.effectiveFrom,
            publishedAt: event.metadata.occurredAt,
            publishedBy: event.metadata.actor,
            reason: event.data.reason,
            changes: event.data.changes,
            grid: event.data.grid,
          },
        ],
      };
  }
}

/** The version that prices a draft started at `at`: the latest whose effective date has come; null before any. */
export function versionInForce(state: CatalogueState, at: string): CatalogueVersion | null {
  const when = Date.parse(at);
  let inForce: CatalogueVersion | null = null;
  for (const version of state.versions) if (Date.parse(version.effectiveFrom) <= when) inForce = version;
  return inForce;
}

/** A version by its number; null when there is none. */
export function versionNumbered(state: CatalogueState, version: number): CatalogueVersion | null {
  return state.versions[version - 1] ?? null;
}

/** The grid these changes make of `grid`, each applied in turn. */
export function applyCatalogueChanges(
  grid: CatalogueGrid,
  changes: readonly CatalogueChange[],
): CatalogueGrid {
  return changes.reduce<CatalogueGrid>((current, change) => {
    switch (change.kind) {
      case 'templatePrice':
      case 'templateText': {
        const { kind: _kind, template, ...fields } = change;
        return {
          ...current,
          templates: {
            ...current.templates,
            [template]: { ...current.templates[template], ...defined(fields) },
          },
        };
      }
      case 'option': {
        const { kind: _kind, option, ...fields } = change;
        return {
          ...current,
          options: { ...current.options, [option]: { ...current.options[option], ...defined(fields) } },
        };
      }
      case 'logoContentPrice':
        return {
          ...current,
          logoContentPricesHT: { ...current.logoContentPricesHT, [change.choice]: change.priceHT },
        };
      case 'domainPrice':
        return {
          ...current,
          domainPricesHT: { ...current.domainPricesHT, [change.extension]: change.priceHT },
        };
      case 'hostingIncludes':
        return { ...current, hostingIncludes: [...change.items] };
      case 'vatRate':
        return { ...current, vatRatePercent: change.percent };
      case 'depositShare':
        return { ...current, depositPercent: change.percent };
      case 'monthlyMarkup':
        return { ...current, monthlyMarkupPercent: change.percent };
      case 'addLaunchOffer':
      case 'endLaunchOffer':
        return applyLaunchOfferChange(current, change);
    }
  }, grid);
}

/**
 * What a version may change today: what the recorded price of an order freezes (the prices) and
 * what only /pricing reads (a template's features). The rates, the labels and the rhythms are read
 * by the invoices, the contract and the renewals from the first version still
 * (docs/adr/0123-the-catalogue-is-a-stream-of-versions.md).
 */
export function isPublishable(change: CatalogueChange): boolean {
  switch (change.kind) {
    case 'templatePrice':
    case 'domainPrice':
    case 'logoContentPrice':
      return true;
    case 'templateText':
      return change.recapLabel === undefined && change.landingLabel === undefined;
    case 'option':
      return change.label === undefined && change.period === undefined;
    case 'hostingIncludes':
    case 'vatRate':
    case 'depositShare':
    case 'monthlyMarkup':
      return false;
    case 'addLaunchOffer':
    case 'endLaunchOffer':
      return true;
  }
}

const defined = <T extends object>(fields: T): Partial<T> =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;

const invalid = (message: string, fields?: Record<string, string>) =>
  new DomainError(ErrorCode.CATALOGUE_INVALID_CHANGE, message, 'invalid', fields);

export function decideCatalogue(command: CatalogueCommand, state: CatalogueState): CatalogueEvent[] {
  switch (command.type) {
    case 'SeedCatalogue':
      if (state.versions.length > 0) return [];
      return [
        {
          type: 'CatalogueVersionPublished',
          data: {
            version: 1,
            effectiveFrom: command.now,
            reason: command.reason,
            changes: [],
            grid: command.grid,
          },
        },
      ];
    case 'PublishCatalogueVersion': {
      if (command.actor.kind !== 'admin')
        throw new DomainError(
          ErrorCode.ADMIN_FORBIDDEN,
          'Seul un administrateur peut publier une version du catalogue.',
          'forbidden',
        );
      const latest = state.versions.at(-1);
      if (!latest)
        throw new DomainError(
          ErrorCode.CATALOGUE_NOT_SEEDED,
          'Le catalogue n’a pas encore de première version.',
          'conflict',
        );
      const reason = command.reason.trim();
      if (!reason)
        throw invalid('Indiquez la raison du changement.', { reason: 'La raison est obligatoire.' });
      if (command.changes.length === 0)
        throw invalid('Aucun changement à publier.', { changes: 'Modifiez au moins un prix ou un texte.' });
      const unsupported = command.changes.find((change) => !isPublishable(change));
      if (unsupported)
        throw invalid(
          'Ce changement n’est pas encore publiable : les factures, le contrat et les échéances lisent encore le taux de TVA, la part d’acompte, la majoration mensuelle, les libellés et les rythmes de la première version.',
          { changes: `Changement non publiable : ${unsupported.kind}.` },
        );
      const effectiveFrom = command.effectiveFrom ?? command.now;
      if (Number.isNaN(Date.parse(effectiveFrom)))
        throw invalid('La date d’effet n’est pas une date.', { effectiveFrom: 'Date invalide.' });
      if (Date.parse(effectiveFrom) < Date.parse(command.now) - 60_000)
        throw invalid('Une version ne peut pas prendre effet dans le passé.', {
          effectiveFrom: 'Choisissez maintenant ou une date à venir.',
        });
      if (Date.parse(effectiveFrom) < Date.parse(latest.effectiveFrom))
        throw invalid('La date d’effet précède celle de la version précédente.', {
          effectiveFrom: `La version ${latest.version} prend effet le ${latest.effectiveFrom}.`,
        });
      const changes = launchOfferChangesChecked(
        latest.grid,
        command.changes,
        new Date(Date.parse(effectiveFrom)).toISOString(),
      );
      const grid = applyCatalogueChanges(latest.grid, changes);
      const checked = catalogueGridSchema.safeParse(grid);
      if (!checked.success)
        throw invalid(
          'La grille obtenue n’est pas valide (montant négatif, pourcentage hors de 0 à 100 ou texte vide).',
        );
      if (JSON.stringify(grid) === JSON.stringify(latest.grid))
        throw invalid('Ces changements ne modifient rien à la version en cours.', {
          changes: 'Rien ne change.',
        });
      return [
        {
          type: 'CatalogueVersionPublished',
          data: {
            version: latest.version + 1,
            effectiveFrom: new Date(Date.parse(effectiveFrom)).toISOString(),
            reason,
            changes,
            grid,
          },
        },
      ];
    }
  }
}

/** The catalogue's rules: one stream, versions numbered from 1, each a whole grid. */
export const catalogueDecider: Decider<CatalogueCommand, CatalogueState, CatalogueEvent> = {
  initialState: initialCatalogueState,
  evolve: evolveCatalogue,
  decide: decideCatalogue,
};
