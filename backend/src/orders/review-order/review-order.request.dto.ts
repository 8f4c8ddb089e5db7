import { ChoiceField, TextField } from '../../infra/http/request-fields.js';

export const reviewAnswers = ['approved', 'changes_requested'] as const;

/** Spec §5: a change request needs its comments ("Commentaires requis"). */
export const FEEDBACK_REQUIRED = 'Commentaires requis : veuillez expliquer les modifications souhaitées';

export class ReviewOrderRequestDto {
  @ChoiceField(reviewAnswers, { description: 'Approve the preview, or ask for changes' })
  reviewStatus!: (typeof reviewAnswers)[number];

  @TextField({
    maxLength: 5000,
    minLength: 1,
    minMessage: FEEDBACK_REQUIRED,
    trim: true,
    requiredWhen: (body: ReviewOrderRequestDto) => body.reviewStatus === 'changes_requested',
    requiredMessage: FEEDBACK_REQUIRED,
    description: 'The changes wanted; required with changes_requested',
  })
  reviewFeedback?: string;
}
