import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import { DomainError } from '../../shared/domain-error.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { type OrderCommandOf } from '../order-commands.js';
import { type OrderState } from '../order-state.js';
import { type GuardedBy, eventsOf } from './decider-guards.js';

export const isEvidenceEvent = eventsOf('EvidenceBundleExported');

/**
 * The audit record of a download of the evidence bundle: staff only (admins, and auditors, whose
 * reading is what is recorded), in any status, and it changes nothing in the order.
 */
export function recordEvidenceExport(command: OrderCommandOf<'RecordEvidenceExport'>): OrderEvent[] {
  if (command.actor.kind !== 'admin' && command.actor.kind !== 'auditor') {
    throw new DomainError(
      ErrorCode.ORDER_ACTOR_FORBIDDEN,
      "Vous n'êtes pas autorisé à exporter le dossier de preuves.",
      'forbidden',
    );
  }
  const { manifestSha256, lastRevision, lastEventHash } = command;
  return [{ type: 'EvidenceBundleExported', data: { manifestSha256, lastRevision, lastEventHash } }];
}

/** Staff reading the order's evidence is not activity on it: nothing moves, not even its date. */
export const evolveEvidence = (state: OrderState, _event: GuardedBy<typeof isEvidenceEvent>): OrderState =>
  state;
