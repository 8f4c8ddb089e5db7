import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Where an order's conversation stands: how many messages, how far each side has read. */
@Entity({ name: 'order_conversation' })
export class OrderConversationRow {
  @PrimaryColumn('uuid', { name: 'order_id' })
  orderId!: string;

  /** The last message's seq. */
  @Column('int')
  messages!: number;

  @Column('int', { name: 'read_by_client' })
  readByClient!: number;

  @Column('int', { name: 'read_by_team' })
  readByTeam!: number;

  @Column('timestamptz', { name: 'last_message_at', nullable: true })
  lastMessageAt!: Date | null;
}
