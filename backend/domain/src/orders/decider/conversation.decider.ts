import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import { type MessageAuthor } from '@coseso/event-schemas/order/order-keys';
import { type Actor } from '@coseso/event-schemas/envelope';
import { DomainError } from '../../shared/domain-error.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { type OrderCommandOf } from '../order-commands.js';
import { type ConversationState, type OrderState } from '../order-state.js';
import { type GuardedBy, eventsOf } from './decider-guards.js';

/** What one order's conversation holds at most: the client area and the API say the same. */
export const CONVERSATION_LIMITS = {
  maxTextLength: 5_000,
  maxAttachments: 5,
  maxAttachmentBytes: 10 * 1024 * 1024,
  /** All the attachments of the order's conversation together. */
  maxTotalBytes: 100 * 1024 * 1024,
} as const;

export const emptyConversation: ConversationState = {
  messages: 0,
  readUpTo: { client: 0, team: 0 },
  attachmentBytes: 0,
};

export const conversationOf = (state: Pick<OrderState, 'conversation'>): ConversationState =>
  state.conversation ?? emptyConversation;

/**
 * Messages `side` has not read: all after its read mark, since each message a side writes moves
 * its own mark to it (what it answers, it has read).
 */
export const unreadFor = (conversation: ConversationState, side: MessageAuthor): number =>
  conversation.messages - conversation.readUpTo[side];

export const isConversationEvent = eventsOf('MessagePosted', 'MessagesRead');
export const isReadReceipt = eventsOf('MessagesRead');

/** The side of the conversation an actor writes for; null for anyone else (auditors read only). */
export function sideOf(actor: Actor): MessageAuthor | null {
  if (actor.kind === 'client') return 'client';
  if (actor.kind === 'admin') return 'team';
  return null;
}

function assertSide(actor: Actor, action: string): MessageAuthor {
  const side = sideOf(actor);
  if (!side)
    throw new DomainError(
      ErrorCode.ORDER_ACTOR_FORBIDDEN,
      `Vous n'êtes pas autorisé à ${action}.`,
      'forbidden',
    );
  return side;
}

function invalid(field: string, message: string): DomainError {
  return new DomainError(ErrorCode.ORDER_INVALID_INPUT, message, 'invalid', { [field]: message });
}

const mb = (bytes: number) => `${bytes / (1024 * 1024)} Mo`;

/**
 * A message from the client or the team: once the order is a client's (its account made after the
 * first payment), in any status after that, cancelled and delivered included (questions go on).
 * Text, attachments or both; a support ticket comes from the client only.
 */
export function postMessage(command: OrderCommandOf<'PostMessage'>, state: OrderState): OrderEvent[] {
  const author = assertSide(command.actor, 'écrire dans la conversation de cette commande');
  if (state.clientId === null)
    throw new DomainError(
      ErrorCode.ORDER_CONVERSATION_CLOSED,
      "La messagerie s'ouvre une fois la commande rattachée à un espace client (après le premier paiement).",
      'conflict',
    );
  if (command.channel === 'support' && author !== 'client')
    throw invalid('channel', 'Seul le client ouvre un ticket de support.');
  const text = command.text.trim();
  const { attachments } = command;
  if (text === '' && attachments.length === 0)
    throw invalid('text', 'Écrivez un message ou joignez un fichier.');
  if (text.length > CONVERSATION_LIMITS.maxTextLength)
    throw invalid('text', `Un message ne peut pas dépasser ${CONVERSATION_LIMITS.maxTextLength} caractères.`);
  if (attachments.length > CONVERSATION_LIMITS.maxAttachments)
    throw invalid('files', `Joignez au plus ${CONVERSATION_LIMITS.maxAttachments} fichiers par message.`);
  if (attachments.some((file) => file.size > CONVERSATION_LIMITS.maxAttachmentBytes))
    throw invalid('files', `Un fichier ne peut pas dépasser ${mb(CONVERSATION_LIMITS.maxAttachmentBytes)}.`);
  const conversation = conversationOf(state);
  const bytes = attachments.reduce((sum, file) => sum + file.size, 0);
  if (conversation.attachmentBytes + bytes > CONVERSATION_LIMITS.maxTotalBytes)
    throw new DomainError(
      ErrorCode.ORDER_STORAGE_FULL,
      `Les pièces jointes de cette conversation ne peuvent pas dépasser ${mb(CONVERSATION_LIMITS.maxTotalBytes)} au total.`,
      'invalid',
      { files: 'Espace des pièces jointes insuffisant' },
    );
  return [
    {
      type: 'MessagePosted',
      data: {
        messageId: command.messageId,
        seq: conversation.messages + 1,
        author,
        channel: command.channel,
        text,
        attachments: attachments.map(({ fileId, storedName, size, mimeType, kind }) => ({
          fileId,
          storedName,
          size,
          mimeType,
          kind,
        })),
        attachmentNames: attachments.map((file) => file.originalName).join('\n'),
      },
    },
  ];
}

/**
 * A read receipt: the reader's side has read up to message `upTo`. Nothing is appended when it
 * had already read that far (opening the conversation again is not news).
 */
export function markMessagesRead(
  command: OrderCommandOf<'MarkMessagesRead'>,
  state: OrderState,
): OrderEvent[] {
  const reader = assertSide(command.actor, 'marquer ces messages comme lus');
  const conversation = conversationOf(state);
  if (!Number.isInteger(command.upTo) || command.upTo < 1 || command.upTo > conversation.messages)
    throw invalid('upTo', "Ce message n'existe pas dans cette conversation.");
  if (command.upTo <= conversation.readUpTo[reader]) return [];
  return [{ type: 'MessagesRead', data: { reader, upTo: command.upTo } }];
}

/** The attachments' names of a message, in the order of its attachments (one per line in the event). */
export const attachmentNamesOf = (data: { attachments: readonly unknown[]; attachmentNames: string }) => {
  const names = data.attachmentNames === '' ? [] : data.attachmentNames.split('\n');
  // Erased, the field is one « données effacées » for them all: each attachment reads so.
  return data.attachments.map((_, index) =>
    names.length === data.attachments.length ? names[index]! : (names[0] ?? ''),
  );
};

/** A message is activity on the order; a read receipt is not (the caller leaves its date alone). */
export function evolveConversation(
  state: OrderState,
  event: GuardedBy<typeof isConversationEvent>,
): OrderState {
  const conversation = conversationOf(state);
  if (event.type === 'MessagesRead') {
    const { reader, upTo } = event.data;
    return {
      ...state,
      conversation: {
        ...conversation,
        readUpTo: { ...conversation.readUpTo, [reader]: Math.max(conversation.readUpTo[reader], upTo) },
      },
    };
  }
  const { seq, author, attachments } = event.data;
  return {
    ...state,
    conversation: {
      messages: seq,
      readUpTo: { ...conversation.readUpTo, [author]: seq },
      attachmentBytes: conversation.attachmentBytes + attachments.reduce((sum, file) => sum + file.size, 0),
    },
  };
}
