import { type ReactNode } from 'react';

/** A preview sent to the client, as both sides read it: its number and the client's written answer. */
export interface ReviewRoundLike {
  readonly round: number;
  readonly feedback?: string | null;
}

/**
 * Every preview sent, newest first, one item each: what an item says is the caller's (`children`,
 * told whether the round is the latest); the client's feedback closes it, quoted. The client area
 * and the back-office's panel list the rounds so.
 */
export function ReviewRoundList<Round extends ReviewRoundLike>({
  rounds,
  label,
  spacing,
  feedbackLabel,
  children,
}: {
  rounds: readonly Round[];
  /** The list's accessible name. */
  label: string;
  /** The items' vertical padding. */
  spacing: 'py-2' | 'py-3';
  /** Said before the feedback to screen readers only, if given. */
  feedbackLabel?: string;
  children: (round: Round, latest: boolean) => ReactNode;
}) {
  return (
    <ol className="flex flex-col divide-y divide-slate-100" aria-label={label}>
      {rounds
        .map((round, index) => ({ round, latest: index === rounds.length - 1 }))
        .reverse()
        .map(({ round, latest }) => (
          <li
            key={round.round}
            data-review-round={round.round}
            className={`flex flex-col gap-1 ${spacing} text-sm`}
          >
            {children(round, latest)}
            {round.feedback && (
              <blockquote className="border-l-4 border-slate-200 pl-3 whitespace-pre-line text-slate-700 wrap-anywhere">
                {feedbackLabel && <span className="sr-only">{feedbackLabel}</span>}
                {round.feedback}
              </blockquote>
            )}
          </li>
        ))}
    </ol>
  );
}
