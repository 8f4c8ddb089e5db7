import { type MessageAuthor } from '@coseso/event-schemas/order/order-keys';
import { type ThreadEntryKind } from '@coseso/projections/read-models/conversation/order-message.entity';
import { Query } from '@nestjs/cqrs';

export interface ListedAttachment {
  readonly name: string;
  readonly size: number;
  readonly kind: 'image' | 'document';
  readonly mimeType: string;
  /** A short-lived signed link; null once the names are erased. */
  readonly url: string | null;
}

export interface ListedThreadEntry {
  /** Unique in the order: the event's revision. */
  readonly id: number;
  readonly kind: ThreadEntryKind;
  readonly seq: number | null;
  readonly author: MessageAuthor;
  readonly channel: string | null;
  readonly text: string;
  readonly url: string | null;
  readonly postedAt: string;
  readonly attachments: readonly ListedAttachment[];
}

export interface Conversation {
  readonly entries: readonly ListedThreadEntry[];
  /** The last message's seq (0: none yet): what « mark as read » sends. */
  readonly lastSeq: number;
  readonly readUpTo: Readonly<Record<MessageAuthor, number>>;
  /** Messages the viewer's side has not read. */
  readonly unread: number;
}

/** An order's conversation as `viewer` sees it; null when there is no such order. */
export class ListMessagesQuery extends Query<Conversation | null> {
  constructor(
    readonly orderId: string,
    readonly viewer: MessageAuthor,
  ) {
    super();
  }
}

/** The orders whose conversation has messages the team has not read, with how many. */
export class UnreadByTeamQuery extends Query<{ orderId: string; unread: number }[]> {}
