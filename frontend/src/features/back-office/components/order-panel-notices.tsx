import { formatEurosTTC } from '@coseso/domain/pricing/format-euros';
import { formatDateTime } from '@/lib/format-date';
import { type AdminOrderDetail } from '../api/get-admin-order';

/** What the team must know before acting: emails not delivered, the brief validated, the preview approved. */
export function OrderPanelNotices({ order }: { order: AdminOrderDetail }) {
  // The receipt the server records with an approval; before it did, the approval's date and round.
  const approval =
    order.reviewApproval ??
    (order.reviewStatus === 'approved' && order.reviewSubmittedAt
      ? {
          reviewUrl: order.reviewUrl,
          round: order.reviewRound,
          approvedAt: order.reviewSubmittedAt,
          sessionRef: null,
        }
      : null);
  return (
    <>
      {order.contractForced && !order.depositPaid && order.status !== 'cancelled' && (
        <div role="alert" className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <p className="font-semibold">Contrat forcé sans paiement</p>
          <p className="mt-1">
            Tant que le premier paiement n'est pas enregistré, le client n'a pas de compte et ne reçoit aucun
            email. Dès réception de son virement ou de son chèque, enregistrez-le : son compte, ses emails et
            son contrat suivent, comme après un paiement par carte.
          </p>
        </div>
      )}
      {order.emailFailures.length > 0 && (
        <div role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900">
          <p className="font-semibold">
            {order.emailFailures.length > 1 ? 'Emails non remis' : 'Email non remis'}
          </p>
          <ul className="mt-1 list-disc pl-5">
            {order.emailFailures.map((failure) => (
              <li key={`${failure.template}:${failure.since}:${failure.failedAt}`}>
                « {failure.label} » à <span className="wrap-anywhere">{failure.recipient}</span>, en échec
                depuis le {formatDateTime(failure.since)} ({failure.attempts}{' '}
                {failure.attempts > 1 ? 'tentatives' : 'tentative'})
              </li>
            ))}
          </ul>
          <p className="mt-1">
            Vérifiez l'adresse avec le client ; l'envoi peut être relancé depuis Opérations, tâches en échec.
          </p>
        </div>
      )}
      {order.unopenedCheckoutPayments.length > 0 && (
        <div role="alert" className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <p className="font-semibold">Paiement reçu pour un lien que la commande n'a pas ouvert</p>
          <ul className="mt-1 list-disc pl-5">
            {order.unopenedCheckoutPayments.map((payment) => (
              <li key={payment.paymentId}>
                {formatEurosTTC(payment.amount)} le {formatDateTime(payment.receivedAt)} (
                <span className="wrap-anywhere">{payment.paymentId}</span>) : non enregistré sur cette
                commande
              </li>
            ))}
          </ul>
          <p className="mt-1">
            Vérifiez ce paiement chez le fournisseur ; s'il a bien été débité, remboursez-le depuis son
            tableau de bord.
          </p>
        </div>
      )}
      {order.briefValidatedByAdmin && (
        <div role="note" className="rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          <p className="font-semibold">
            Brief validé{order.briefValidatedAt ? ` le ${formatDateTime(order.briefValidatedAt)}` : ''}
          </p>
          {order.briefNotes && <p className="mt-1 whitespace-pre-line">{order.briefNotes}</p>}
        </div>
      )}
      {approval && (
        <div role="note" className="rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          <p className="font-semibold">
            Maquette{approval.round ? ` v${approval.round}` : ''} validée par le client le{' '}
            {formatDateTime(approval.approvedAt)}
            {order.contactEmail ? ` (compte ${order.contactEmail})` : ''}
          </p>
          {approval.reviewUrl && <p className="mt-1 wrap-anywhere">{approval.reviewUrl}</p>}
          {approval.sessionRef && (
            <p className="mt-1 text-xs">
              Donnée depuis la session connectée du client (empreinte de la session {approval.sessionRef})
            </p>
          )}
        </div>
      )}
    </>
  );
}

/** The emails part of the panel: the order's emails the queue gave up on, or that none did. */
export function OrderEmailFailures({ order }: { order: AdminOrderDetail }) {
  return (
    <p className="text-sm text-slate-700">
      {order.emailFailures.length === 0
        ? 'Aucun e-mail en échec pour cette commande.'
        : `${order.emailFailures.length} e-mail${order.emailFailures.length > 1 ? 's' : ''} en échec : voir l'alerte en haut du détail.`}
    </p>
  );
}
