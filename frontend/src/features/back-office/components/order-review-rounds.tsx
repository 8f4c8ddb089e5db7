import { formatDateTime } from '@/lib/format-date';
import { type AdminOrderDetail } from '../api/get-admin-order';
import { PanelSection } from './admin-order-files';
import { ExternalLink } from './order-panel-facts';

type ReviewRound = AdminOrderDetail['reviewRounds'][number];

/** What became of a preview, as the team reads it: the client's answer, or why there is none. */
function decisionText(round: ReviewRound, latest: boolean, order: AdminOrderDetail): string {
  if (round.decision === 'approved' && round.answeredAt)
    return `Validée par le client le ${formatDateTime(round.answeredAt)}`;
  if (round.decision === 'changes_requested' && round.answeredAt)
    return `Modifications demandées par le client le ${formatDateTime(round.answeredAt)}`;
  if (!latest) return 'Remplacée par la version suivante sans réponse du client';
  if (order.status === 'en_revision') return 'En attente de la réponse du client';
  return order.status === 'cancelled'
    ? 'Sans réponse : commande annulée'
    : 'Reprise par l’équipe, sans réponse du client';
}

/**
 * Every preview sent, newest first: its link, the team's note, the client's answer and its date.
 * The earlier rounds stay in view, so the team reads what was asked before.
 */
export function OrderReviewRounds({ order }: { order: AdminOrderDetail }) {
  const rounds = order.reviewRounds;
  return (
    <PanelSection title="Tours de révision">
      {rounds.length === 0 ? (
        <p className="text-sm text-slate-500">Aucun aperçu envoyé au client pour le moment</p>
      ) : (
        <ol className="flex flex-col divide-y divide-slate-100" aria-label="Tours de révision">
          {rounds
            .map((round, index) => ({ round, latest: index === rounds.length - 1 }))
            .reverse()
            .map(({ round, latest }) => (
              <li
                key={round.round}
                data-review-round={round.round}
                className="flex flex-col gap-1 py-2 text-sm"
              >
                <p className="font-medium text-slate-900">
                  Tour {round.round} · aperçu envoyé le {formatDateTime(round.sentAt)}
                </p>
                <p>
                  <ExternalLink href={round.url} label={`Voir l'aperçu du tour ${round.round}`} />
                </p>
                <p className="text-slate-700 wrap-anywhere">
                  <span className="font-medium">Note de l'équipe :</span> {round.note?.trim() || 'aucune'}
                </p>
                <p className="text-slate-700">{decisionText(round, latest, order)}</p>
                {round.feedback && (
                  <blockquote className="border-l-4 border-slate-200 pl-3 whitespace-pre-line text-slate-700 wrap-anywhere">
                    <span className="sr-only">Retour du client : </span>
                    {round.feedback}
                  </blockquote>
                )}
              </li>
            ))}
        </ol>
      )}
    </PanelSection>
  );
}
