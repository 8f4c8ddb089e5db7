import { type OrderMoveFacts } from '@coseso/domain/orders/order-move-facts';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** The trigram index of `searchText` (GIN, pg_trgm), made by its migration: TypeORM cannot describe it. */
export const ORDER_SEARCH_INDEX = 'order_summary_search_trgm';

/**
 * The collation of the admin list's sort by client name: French alphabetical order (ICU's), that of
 * its index (`order_summary_draft_client`, migration 1796500000000).
 */
export const CLIENT_SORT_COLLATION = 'fr-FR-x-icu';

/** One line of the admin list: what it searches, filters and sorts on. */
@Entity({ name: 'order_summary' })
@Index(['clientId', 'lastActivityAt'])
@Index(ORDER_SEARCH_INDEX, { synchronize: false })
// The admin list's filters, each followed by the list's order (lastActivityAt descending, then
// orderId), made by their migration: TypeORM cannot describe a descending column.
@Index('order_summary_draft_activity', { synchronize: false })
@Index('order_summary_status_activity', { synchronize: false })
@Index('order_summary_template_activity', { synchronize: false })
@Index('order_summary_draft_created', { synchronize: false })
@Index('order_summary_draft_amount', { synchronize: false })
@Index('order_summary_draft_client', { synchronize: false })
@Index('order_summary_draft_actor_waiting', { synchronize: false })
@Index('order_summary_catalogue_version_activity', { synchronize: false })
export class OrderSummaryRow {
  @PrimaryColumn('uuid', { name: 'order_id' })
  orderId!: string;

  /** The client account the order is linked to after its first payment (the client area lists by it). */
  @Column('uuid', { name: 'client_id', nullable: true })
  clientId!: string | null;

  @Column('int', { name: 'order_number' })
  orderNumber!: number;

  @Column('text')
  status!: string;

  @Column('text', { name: 'company_name' })
  companyName!: string;

  @Column('text', { name: 'company_sector' })
  companySector!: string;

  @Column('text', { name: 'contact_email' })
  contactEmail!: string;

  @Column('text', { name: 'selected_template', nullable: true })
  selectedTemplate!: string | null;

  @Column('text', { name: 'billing_period', nullable: true })
  billingPeriod!: string | null;

  @Column('boolean', { name: 'deposit_paid' })
  depositPaid!: boolean;

  @Column('boolean', { name: 'final_paid' })
  finalPaid!: boolean;

  /** TTC, cents: the first payment a reactivated order owes again (the payment badge says it); null when none. */
  @Column('int', { name: 'first_owed_again_with_vat', nullable: true })
  firstOwedAgainWithVat!: number | null;

  @Column('int', { name: 'current_step' })
  currentStep!: number;

  @Column('text', { name: 'subscription_status' })
  subscriptionStatus!: string;

  /** HT, cents: the price's totalAmount (null until the wizard is completed). */
  @Column('int', { name: 'total_amount', nullable: true })
  totalAmount!: number | null;

  @Column('int', { name: 'total_with_vat', nullable: true })
  totalWithVat!: number | null;

  /** The catalogue version the price was computed at (null until the wizard is completed): « Offres et tarifs » counts and lists by it. */
  @Column('int', { name: 'catalogue_version', nullable: true })
  catalogueVersion!: number | null;

  /** What the admin search matches, in lower case: company, contact email, sector, id and « #number ». */
  @Column('text', { name: 'search_text' })
  searchText!: string;

  /** A draft nobody filled in: out of the default list and the statistics (« Brouillons »). */
  @Column('boolean', { name: 'empty_draft' })
  emptyDraft!: boolean;

  /** The emails of the order the queue gave up on (OrderEmailFailed): the list's and board's badge. */
  @Column('int', { name: 'failed_emails', default: 0 })
  failedEmails!: number;

  /**
   * What the order's rules read (the domain's orderMoveFacts: statuses, dates, amounts, the payments'
   * standing), not what they decide: the list computes the allowed actions and the next step from it
   * when read (orderMoves), so a rule change needs no rebuild, and no page joins the folded state.
   * Null only in rows written before it, until the projector's rebuild replaces them.
   */
  @Column('jsonb', { name: 'move_facts', nullable: true })
  moveFacts!: OrderMoveFacts | null;

  // The three keys below stay because the saved views filter, sort and count on them in SQL, over
  // every order.

  /** Whose move the order is (the domain's nextStep): team, client or none — the saved views' filter. */
  @Column('text', { name: 'next_actor', default: 'none' })
  nextActor!: string;

  /** Since when that move has been awaited (« À traiter » lists the oldest first). */
  @Column('timestamptz', { name: 'waiting_since', nullable: true })
  waitingSince!: Date | null;

  /** When the payment the client is awaited for last failed (« Paiements en échec »); null when it did not. */
  @Column('timestamptz', { name: 'payment_failed_at', nullable: true })
  paymentFailedAt!: Date | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'last_activity_at' })
  lastActivityAt!: Date;
}
