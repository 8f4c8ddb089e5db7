import { Column, Entity, PrimaryColumn } from 'typeorm';

const asNumber = { to: (v: number) => v, from: (v: string | null) => (v === null ? null : Number(v)) };

/** What a line of an order's conversation is: a message, or a step of the order that speaks to the other side. */
export const threadEntryKinds = [
  'message',
  'more_elements_requested',
  'preview_sent',
  'changes_requested',
] as const;
export type ThreadEntryKind = (typeof threadEntryKinds)[number];

/** One line of an order's conversation, in the order of the order's stream. */
@Entity({ name: 'order_message' })
export class OrderMessageRow {
  @PrimaryColumn('uuid', { name: 'order_id' })
  orderId!: string;

  /** The event's revision in the order's stream: the thread's order, and what makes a replay a no-op. */
  @PrimaryColumn('int')
  revision!: number;

  @Column('bigint', { transformer: asNumber })
  position!: number;

  @Column('text')
  kind!: ThreadEntryKind;

  /** The message's number (1, 2, 3…); null for the order's own steps. */
  @Column('int', { nullable: true })
  seq!: number | null;

  @Column('text')
  author!: 'client' | 'team';

  @Column('text', { nullable: true })
  channel!: string | null;

  @Column('text')
  text!: string;

  /** The preview's address, for a preview sent; null otherwise. */
  @Column('text', { nullable: true })
  url!: string | null;

  /** The attachments as stored (no names: they are personal and erased apart). */
  @Column('jsonb')
  attachments!: {
    fileId: string;
    storedName: string;
    size: number;
    mimeType: string;
    kind: 'image' | 'document';
  }[];

  /** The attachments' names, one per line (« données effacées » once erased). */
  @Column('text', { name: 'attachment_names' })
  attachmentNames!: string;

  @Column('timestamptz', { name: 'posted_at' })
  postedAt!: Date;
}
