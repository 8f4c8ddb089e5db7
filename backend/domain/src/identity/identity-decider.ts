import {
  type AgencyIdentity,
  type AgencyIdentityField,
  type IdentityEvent,
} from '@coseso/event-schemas/identity/identity-events';
import { type Actor } from '@coseso/event-schemas/envelope';
import { type Decider, type Recorded } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import { ErrorCode } from '../shared/error-codes.js';
import { changedIdentityFields, identityProblems, normalizedIdentity } from './identity-rules.js';

interface Base<T extends string> {
  readonly type: T;
  readonly actor: Actor;
  readonly now: string;
}

export type IdentityCommand =
  /** Version 1 from the environment's SELLER_*, once; nothing when the log already has it. */
  | (Base<'SeedAgencyIdentity'> & { identity: AgencyIdentity; reason: string })
  /** The back-office changes the identity: the whole new identity, for a reason. */
  | (Base<'ChangeAgencyIdentity'> & { identity: AgencyIdentity; reason: string });

/** One version of the identity: the whole of it, and who made it, when and why. */
export interface IdentityVersion {
  readonly version: number;
  readonly changedAt: string;
  readonly changedBy: Actor;
  readonly reason: string;
  readonly changedFields: readonly AgencyIdentityField[];
  readonly identity: AgencyIdentity;
}

export interface IdentityState {
  /** Every version, oldest first: version n is at index n - 1. */
  readonly versions: readonly IdentityVersion[];
}

export const initialIdentityState = (): IdentityState => ({ versions: [] });

export function evolveIdentity(state: IdentityState, event: Recorded<IdentityEvent>): IdentityState {
  switch (event.type) {
    case 'AgencyIdentityChanged':
      return {
        versions: [
          ...state.versions,
          {
            version: event.data.version,
            changedAt: event.metadata.occurredAt,
            changedBy: event.metadata.actor,
            reason: event.data.reason,
            changedFields: event.data.changedFields,
            identity: event.data.identity,
          },
        ],
      };
  }
}

const invalid = (message: string, fields?: Record<string, string>) =>
  new DomainError(ErrorCode.IDENTITY_INVALID, message, 'invalid', fields);

/** Refuses, in French and field by field, an identity that may not be printed on an invoice. */
export function assertPrintableIdentity(identity: AgencyIdentity): void {
  const problems = identityProblems(identity);
  const fields = Object.entries(problems) as [string, string][];
  if (fields.length > 0)
    throw invalid(
      fields.length === 1
        ? `L’identité de l’agence n’est pas valide : ${fields[0]![1]}`
        : `L’identité de l’agence n’est pas valide (${fields.length} champs à corriger).`,
      Object.fromEntries(fields.map(([field, message]) => [`identity.${field}`, message])),
    );
}

export function decideIdentity(command: IdentityCommand, state: IdentityState): IdentityEvent[] {
  switch (command.type) {
    case 'SeedAgencyIdentity': {
      if (state.versions.length > 0) return [];
      const identity = normalizedIdentity(command.identity);
      assertPrintableIdentity(identity);
      return [
        {
          type: 'AgencyIdentityChanged',
          data: { version: 1, reason: command.reason, changedFields: [], identity },
        },
      ];
    }
    case 'ChangeAgencyIdentity': {
      if (command.actor.kind !== 'admin')
        throw new DomainError(
          ErrorCode.ADMIN_FORBIDDEN,
          'Seul un administrateur peut modifier l’identité de l’agence.',
          'forbidden',
        );
      const latest = state.versions.at(-1);
      if (!latest)
        throw new DomainError(
          ErrorCode.IDENTITY_NOT_SEEDED,
          'L’identité de l’agence n’a pas encore de première version.',
          'conflict',
        );
      const reason = command.reason.trim();
      if (!reason)
        throw invalid('Indiquez la raison du changement.', { reason: 'La raison est obligatoire.' });
      const identity = normalizedIdentity(command.identity);
      assertPrintableIdentity(identity);
      const changedFields = changedIdentityFields(latest.identity, identity);
      if (changedFields.length === 0)
        throw invalid('Ces valeurs sont déjà celles de l’identité en vigueur.', {
          identity: 'Rien ne change.',
        });
      return [
        {
          type: 'AgencyIdentityChanged',
          data: { version: latest.version + 1, reason, changedFields, identity },
        },
      ];
    }
  }
}

/** The agency identity's rules: one stream, versions numbered from 1, each the whole identity. */
export const identityDecider: Decider<IdentityCommand, IdentityState, IdentityEvent> = {
  initialState: initialIdentityState,
  evolve: evolveIdentity,
  decide: decideIdentity,
};
