import { ERASED, personalFormFields } from '@coseso/event-schemas/personal-fields';
import { eraseEmailFailures } from './email-failures.js';
import { type OrderState } from './order-state.js';

const erase = <T extends string | null | undefined>(value: T): T | typeof ERASED =>
  typeof value === 'string' ? ERASED : value;

/**
 * The order's state once its contact's data is erased: what folding its events gives when their
 * personal fields read ERASED (the unit test holds the two equal). Read models blank their rows
 * with it when a ClientDataErased arrives, so a live projection equals a rebuild.
 */
export function erasePersonalData(state: OrderState, clientDataErasedAt?: string): OrderState {
  const form: Record<string, unknown> = { ...state.form };
  for (const field of personalFormFields) if (typeof form[field] === 'string') form[field] = ERASED;
  return {
    ...state,
    ...(clientDataErasedAt ? { clientDataErasedAt } : {}),
    form,
    contract: { ...state.contract, signerName: erase(state.contract.signerName) },
    brief: {
      ...state.brief,
      files: state.brief.files.map((file) => ({ ...file, originalName: ERASED })),
    },
    review: {
      ...state.review,
      feedback: erase(state.review.feedback),
      ...(state.review.rounds
        ? { rounds: state.review.rounds.map((round) => ({ ...round, feedback: erase(round.feedback) })) }
        : {}),
    },
    ...(state.emailFailures ? { emailFailures: eraseEmailFailures(state.emailFailures) } : {}),
  };
}
