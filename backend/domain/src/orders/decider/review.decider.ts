import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import { DomainError } from '../../shared/domain-error.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { type OrderCommandOf } from '../order-commands.js';
import { type OrderState, type ReviewRound } from '../order-state.js';
import { type GuardedBy, commandsOf, eventsOf, required, webUrl } from './decider-guards.js';

/** Review rounds: a preview sent, changes asked and done, the client's approval with its receipt. */
export const isReviewCommand = commandsOf(
  'SendReviewLink',
  'RequestChanges',
  'CompleteChanges',
  'ApproveReview',
);
export const isReviewEvent = eventsOf(
  'ReviewRequested',
  'ChangesRequested',
  'ChangesCompleted',
  'ReviewApproved',
);

export function decideReview(command: GuardedBy<typeof isReviewCommand>, state: OrderState): OrderEvent[] {
  switch (command.type) {
    case 'SendReviewLink':
      return [
        {
          type: 'ReviewRequested',
          data: {
            reviewUrl: webUrl(
              command.reviewUrl,
              'reviewUrl',
              'Une URL de révision est requise pour passer en phase de révision',
            ),
            round: state.review.round + 1,
          },
        },
      ];
    case 'RequestChanges':
      return requestChanges(command, state);
    case 'CompleteChanges':
      return [
        {
          type: 'ChangesCompleted',
          data: {
            reviewUrl: webUrl(
              command.reviewUrl,
              'reviewUrl',
              'Une URL de révision est requise pour relancer la validation',
            ),
            note: command.note?.trim() || null,
            round: state.review.round + 1,
          },
        },
      ];
    case 'ApproveReview':
      return approveReview(command, state);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export function evolveReview(s: OrderState, event: GuardedBy<typeof isReviewEvent>): OrderState {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case 'ReviewRequested':
      return {
        ...s,
        status: 'en_revision',
        review: {
          status: 'pending',
          round: event.data.round,
          url: event.data.reviewUrl,
          note: null,
          feedback: null,
          respondedAt: null,
          approval: null,
          rounds: sent(s, event.data.round, event.data.reviewUrl, null, at),
        },
      };
    case 'ChangesRequested':
      return {
        ...s,
        status: 'revision_changes_requested',
        review: {
          ...s.review,
          status: 'changes_requested',
          feedback: event.data.feedback,
          respondedAt: at,
          rounds: answered(s, {
            decision: 'changes_requested',
            feedback: event.data.feedback,
            answeredAt: at,
          }),
        },
      };
    case 'ChangesCompleted':
      return {
        ...s,
        status: 'en_revision',
        review: {
          status: 'pending',
          round: event.data.round,
          url: event.data.reviewUrl,
          note: event.data.note,
          feedback: s.review.feedback,
          respondedAt: null,
          approval: null,
          rounds: sent(s, event.data.round, event.data.reviewUrl, event.data.note, at),
        },
      };
    case 'ReviewApproved':
      return {
        ...s,
        review: {
          ...s.review,
          status: 'approved',
          respondedAt: at,
          approval: {
            round: event.data.round,
            reviewUrl: event.data.reviewUrl ?? s.review.url,
            approvedAt: at,
            approvedBy: event.metadata.actor.id,
            sessionRef: event.data.sessionRef,
          },
          rounds: answered(s, { decision: 'approved', feedback: null, answeredAt: at }),
        },
      };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

const sent = (s: OrderState, round: number, url: string, note: string | null, at: string) => [
  ...(s.review.rounds ?? []),
  { round, url, note, sentAt: at, decision: null, feedback: null, answeredAt: null },
];

/** The client's answer goes on the latest preview, the one they were shown. */
function answered(s: OrderState, answer: Pick<ReviewRound, 'decision' | 'feedback' | 'answeredAt'>) {
  const rounds = s.review.rounds ?? [];
  const last = rounds.at(-1);
  return last ? [...rounds.slice(0, -1), { ...last, ...answer }] : rounds;
}

function requestChanges(command: OrderCommandOf<'RequestChanges'>, state: OrderState): OrderEvent[] {
  if (state.review.status !== 'pending') throw reviewAlreadyAnswered();
  return [
    {
      type: 'ChangesRequested',
      data: {
        feedback: required(
          command.feedback,
          'reviewFeedback',
          'Veuillez expliquer les modifications souhaitées',
        ),
        round: state.review.round,
      },
    },
  ];
}

function approveReview(command: OrderCommandOf<'ApproveReview'>, state: OrderState): OrderEvent[] {
  if (state.review.status === 'approved') return [];
  if (state.review.status !== 'pending') throw reviewAlreadyAnswered();
  return [
    {
      type: 'ReviewApproved',
      data: {
        round: state.review.round,
        reviewUrl: state.review.url,
        sessionRef: command.sessionRef ?? null,
      },
    },
  ];
}

const reviewAlreadyAnswered = () =>
  new DomainError(
    ErrorCode.ORDER_REVIEW_ALREADY_ANSWERED,
    'Vous avez déjà répondu à cette version de la maquette.',
    'conflict',
  );
