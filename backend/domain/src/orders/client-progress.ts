import { type OrderView } from './order-view.js';

type StageFacts = Pick<OrderView, 'status' | 'depositPaid' | 'contractSigned' | 'reviewStatus'>;

/**
 * The moments of the client's journey, in the order every path reaches them. Finer than the
 * project's steps (client-journey.ts), coarser than the statuses: a preview sent back for changes
 * is the same moment as the preview to review, a brief sent back for more elements the same as the
 * brief sent, so neither round ever moves the order backwards.
 */
export const CLIENT_JOURNEY_STAGES = [
  'to-pay',
  'contract',
  'brief-opening',
  'brief',
  'development',
  'review',
  'approved',
  'final-payment',
  'delivery',
  'delivered',
] as const;
export type ClientJourneyStage = (typeof CLIENT_JOURNEY_STAGES)[number];

/** Where the order is, as one stage of the journey; `null` for a cancelled order, which is at none. */
export function clientJourneyStage({
  status,
  depositPaid,
  contractSigned,
  reviewStatus,
}: StageFacts): ClientJourneyStage | null {
  switch (status) {
    case 'pending':
      return 'to-pay';
    case 'contract_ready_for_signature':
      if (contractSigned) return 'brief-opening';
      return depositPaid ? 'contract' : 'to-pay';
    case 'contract_signed':
      return 'brief-opening';
    case 'brief_pending':
    case 'brief':
      return 'brief';
    case 'in_progress':
      return 'development';
    case 'en_revision':
      return reviewStatus === 'approved' ? 'approved' : 'review';
    case 'revision_changes_requested':
      return 'review';
    case 'awaiting_balance_payment':
    case 'awaiting_first_monthly_payment':
      return 'final-payment';
    case 'ready_for_delivery':
      return 'delivery';
    case 'delivered':
      return 'delivered';
    case 'cancelled':
      return null;
    default: {
      const _exhaustive: never = status;
      return _exhaustive;
    }
  }
}

/** Whole percents: « Avancement 45 % », never a decimal the client must read. */
const percentOfStage: Record<ClientJourneyStage, number> = {
  'to-pay': 5,
  contract: 10,
  'brief-opening': 15,
  brief: 25,
  development: 40,
  review: 55,
  approved: 70,
  'final-payment': 80,
  delivery: 90,
  delivered: 100,
};

/**
 * How far the order has come, in whole percents, as the client area shows it: the percent of its
 * stage, so it only moves forward along the workflow (a team correction that sends the order back
 * moves it back with it). A cancelled order shows none: `null`.
 */
export function clientProgressPercent(order: StageFacts): number | null {
  const stage = clientJourneyStage(order);
  return stage === null ? null : percentOfStage[stage];
}
