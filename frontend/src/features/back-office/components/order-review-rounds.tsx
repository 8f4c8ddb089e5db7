import { formatDateTime } from '@/lib/format-date';
import { ReviewRoundList } from '@/lib/orders/review-round-list';
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
        <ReviewRoundList
          rounds={rounds}
          label="Tours de révision"
          spacing="py-2"
          feedbackLabel="Retour du client : "
        >
          {(round, latest) => (
            <>
              <p className="font-medium text-slate-900">
                Tour {round.round} · version {round.round} envoyée le {formatDateTime(round.sentAt)}
              </p>
              <p>
                <ExternalLink href={round.url} label={`Voir l'aperçu du tour ${round.round}`} />
              </p>
              <p className="text-slate-700 wrap-anywhere">
                <span className="font-medium">Note de l'équipe :</span> {round.note?.trim() || 'aucune'}
              </p>
              <p className="text-slate-700">{decisionText(round, latest, order)}</p>
            </>
          )}
        </ReviewRoundList>
      )}
    </PanelSection>
  );
}
