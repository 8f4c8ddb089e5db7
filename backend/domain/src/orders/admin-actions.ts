import { type Actor } from '@coseso/event-schemas/envelope';
import { parisDate } from '../shared/calendar.js';
import { DomainError } from '../shared/domain-error.js';
import {
  type AdminActionInput,
  type AllowedAction,
  type Definition,
  definitions,
} from './admin-action-commands.js';
import { type OrderCommand } from './order-commands.js';
import { decide } from './order-decider.js';
import { type OrderState } from './order-state.js';
import { orderCommandRules } from './order-rules.js';

export {
  type AdminActionInput,
  type AdminActionKey,
  type AllowedAction,
  adminActionCommand,
  statusChangeCommand,
} from './admin-action-commands.js';

/** Well-formed answers to every dialog: what decides whether an action is possible is the order, not the typing. */
const sampleInput: AdminActionInput = {
  reviewUrl: 'https://apercu.coseso.fr',
  deliveryUrl: 'https://site.coseso.fr',
  notes: 'Vérifié',
  reason: 'Vérification',
  paymentReference: 'verification',
  paymentMeans: 'transfer',
};
const probe: Actor = { kind: 'admin', id: 'allowed-actions' };

/** Whether the decider accepts the command (a DomainError is its refusal, made without a call stack). */
const decides = (command: OrderCommand, state: OrderState): boolean => {
  try {
    decide(command, state);
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
};

const inStatus = (definition: Definition, state: OrderState): boolean =>
  orderCommandRules[definition.command as keyof typeof orderCommandRules]?.from.includes(state.status) ??
  false;

const accepts = (definition: Definition, state: OrderState, input: AdminActionInput, now: string): boolean =>
  decides({ ...definition.build(state, input, now), actor: probe, now } as OrderCommand, state);

/**
 * The actions an admin can take on the order now: each is tried on the order's decider, so the
 * back-office offers exactly what the server would accept (one source of truth).
 */
export function allowedAdminActions(state: OrderState): AllowedAction[] {
  if (!state.exists) return [];
  const candidates = definitions.filter((d) => inStatus(d, state));
  if (candidates.length === 0) return [];
  const now = state.lastActivityAt || new Date(0).toISOString();
  // Received today: within the order's bounds whatever they are.
  const input = { ...sampleInput, paymentDate: parisDate(now) };
  return candidates
    .filter((d) => accepts(d, state, input, now))
    .map((d) => {
      const to = d.to(state);
      return { action: d.action, to, correction: d.correction !== undefined, label: d.label(state, to) };
    });
}

/**
 * Whether an admin may erase the contact of the order at `now` (never paid, no client account, no
 * payment link still open, not worked on, not erased yet): tried on the decider, as the actions are.
 * Not an action of the list: it changes no status and has its own route and dialog.
 */
export function contactErasable(state: OrderState, now: string): boolean {
  if (!state.exists) return false;
  const command = {
    type: 'EraseOrderContact',
    reason: 'Vérification',
    plaintextEvents: 0,
    actor: probe,
    now,
  };
  return decides(command as OrderCommand, state);
}
