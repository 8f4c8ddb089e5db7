import { ErrorCode } from '../../shared/error-codes.js';
import { DomainError } from '../../shared/domain-error.js';
import { type OrderCommand, type OrderCommandOf, type OrderCommandType } from '../order-commands.js';
import { type OrderState, type RecordedOrderEvent } from '../order-state.js';
import { adminStatusLabels } from '../order-status.js';
import { type CommandRule } from '../order-rules.js';
import { normalizeWebUrl } from '../url.js';

/** A guard narrowing a command to those of one phase: the dispatch's `never` checks every command has one. */
export const commandsOf =
  <T extends OrderCommandType>(...types: readonly T[]) =>
  (command: OrderCommand): command is OrderCommandOf<T> =>
    (types as readonly OrderCommandType[]).includes(command.type);

/** « de annuler » is written « d'annuler »: French elides before a vowel or a mute h. */
export const elided = (word: 'de', next: string) =>
  /^[aeiouyàâéèêëîïôûh]/i.test(next) ? `d'${next}` : `${word} ${next}`;

export function forbiddenTransition(rule: CommandRule, state: OrderState): DomainError {
  return new DomainError(
    ErrorCode.ORDER_TRANSITION_FORBIDDEN,
    `Impossible ${elided('de', rule.action)} : la commande est au statut « ${adminStatusLabels[state.status]} ».`,
    'conflict',
  );
}

export function required(value: string, field: string, message: string): string {
  const trimmed = value.trim();
  if (trimmed === '')
    throw new DomainError(ErrorCode.ORDER_INVALID_INPUT, message, 'invalid', { [field]: message });
  return trimmed;
}

export function webUrl(value: string, field: string, missingMessage: string): string {
  required(value, field, missingMessage);
  const url = normalizeWebUrl(value);
  if (!url) {
    const message = 'Veuillez saisir une URL valide (ex: monsite.fr)';
    throw new DomainError(ErrorCode.ORDER_INVALID_URL, message, 'invalid', { [field]: message });
  }
  return url;
}

export function assertAmount(paid: number, due: number) {
  if (paid !== due) {
    throw new DomainError(
      ErrorCode.ORDER_PAYMENT_AMOUNT_MISMATCH,
      `Montant inattendu : ${paid} centimes reçus pour ${due} dus.`,
      'invalid',
    );
  }
}

/** The same for events: each phase evolves its own, and the fold's `never` checks every event has one. */
export const eventsOf =
  <T extends RecordedOrderEvent['type']>(...types: readonly T[]) =>
  (event: RecordedOrderEvent): event is Extract<RecordedOrderEvent, { type: T }> =>
    (types as readonly RecordedOrderEvent['type'][]).includes(event.type);

/** What a guard above narrows to: a phase's commands or events. */
export type GuardedBy<G> = G extends ((value: OrderCommand) => value is infer T extends OrderCommand)
  ? T
  : G extends ((value: RecordedOrderEvent) => value is infer T extends RecordedOrderEvent)
    ? T
    : never;
