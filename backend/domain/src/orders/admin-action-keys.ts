/** What the back-office can do to an order (architecture.md §4, the transition table); each is one order command. */
export const adminActionKeys = [
  'sign_contract',
  'open_brief',
  'validate_brief',
  'request_more_elements',
  'start_production',
  'send_review_link',
  'complete_changes',
  'request_final_payment',
  'record_offline_payment',
  'record_offline_first_payment',
  'finalize_delivery',
  'cancel',
  'reactivate',
  'correct_status',
] as const;
export type AdminActionKey = (typeof adminActionKeys)[number];

/** What an admin types with an action (the dialogs of spec §2.3). */
export interface AdminActionInput {
  readonly reviewUrl?: string | null;
  readonly adminNote?: string | null;
  readonly reason?: string | null;
  readonly notes?: string | null;
  readonly deliveryUrl?: string | null;
  /** The offline payment's reference (a bank transfer's, a cheque's…). */
  readonly paymentReference?: string | null;
  /** The day the offline payment was received, YYYY-MM-DD (Paris). */
  readonly paymentDate?: string | null;
  /** How the offline payment came in: transfer, cheque or cash. */
  readonly paymentMeans?: string | null;
  /** A cancellation within the 14-day guarantee: refund the card payments (default) or not. */
  readonly refund?: boolean | null;
}
