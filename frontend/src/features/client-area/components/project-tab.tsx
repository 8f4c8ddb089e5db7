import { type ClientStepState, clientProjectSteps } from '@coseso/domain/orders/client-journey';
import { type OrderView } from '@coseso/domain/orders/order-view';
import { formatEuros, formatEurosHT, formatEurosTTC } from '@coseso/domain/pricing/format-euros';
import { ofNameText } from '@coseso/domain/shared/french-names';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { api } from '@/lib/api';
import { useCreatePayment } from '@/lib/payments/create-payment';
import { useFinalPayment } from '@/lib/payments/final-payment';
import { formatDate } from '@/lib/format-date';
import { Button, buttonClasses } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { textLinkClasses } from '@/ui/text-link';
import { showErrorToast } from '@/ui/toaster';
import { orderTimelineQueryOptions } from '../api/get-order-timeline';
import { agencyContact } from '@coseso/domain/shared/agency-contact';
import { ContractAction } from './contract-action';
import { OrderProgress, StatusBadge } from './order-facts';
import { ReviewCard, ReviewHistory } from './review-card';

/** The project tab (spec §2.2): where the order stands, what the client has to do, and who follows it. */
export function ProjectTab({ order }: { order: OrderView }) {
  return (
    <div className="flex flex-col gap-6">
      <section
        aria-label="Avancement du projet"
        className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="text-lg font-semibold text-slate-900 wrap-anywhere">
              {order.companyName || `Commande #${order.orderNumber}`}
            </h2>
            <p className="text-sm text-slate-600">Commande #{order.orderNumber}</p>
          </div>
          <StatusBadge order={order} />
        </div>
        <OrderProgress order={order} />
        <ContractAction order={order} />
      </section>
      <CancellationNotice order={order} />
      <ReactivationNotice order={order} />
      <FirstPaymentOwedAgain order={order} />
      <ReviewCard order={order} />
      <FinalPayment order={order} />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <ProjectTimeline order={order} />
        <AccountManager order={order} />
      </div>
      <ReviewHistory order={order} />
    </div>
  );
}

/**
 * A reactivated order, until its brief is sent or while it owes its first payment again: active
 * again, resuming where it stopped (as its email says).
 */
function ReactivationNotice({ order }: { order: OrderView }) {
  if (!order.reactivatedAt || (order.status !== 'brief_pending' && !order.firstPaymentOwedAgain)) return null;
  return (
    <section
      aria-labelledby="reactivated-title"
      data-testid="reactivation-notice"
      className="flex flex-col gap-2 rounded-2xl border border-emerald-300 bg-emerald-50 p-5 text-sm text-slate-800 sm:p-6"
    >
      <h2 id="reactivated-title" className="text-lg font-semibold text-slate-900">
        Commande réactivée le {formatDate(order.reactivatedAt)}
      </h2>
      <p>
        {order.status === 'brief_pending'
          ? "Votre commande est de nouveau active : le projet reprend à l'étape du brief. Envoyez-nous vos éléments, puis notre équipe reprend la création de votre site."
          : "Votre commande est de nouveau active : le projet reprend là où il s'était arrêté."}
      </p>
    </section>
  );
}

/**
 * The first payment a reactivated order owes again, the guarantee having refunded it (decision 126):
 * paid as the first time, on the provider's page; the final payment is asked once it is in.
 */
function FirstPaymentOwedAgain({ order }: { order: OrderView }) {
  const pay = useCreatePayment(order.id);
  const owed = order.firstPaymentOwedAgain;
  if (!owed) return null;
  const deposit = owed.kind === 'deposit';
  return (
    <section
      aria-labelledby="first-payment-owed-title"
      data-testid="first-payment-owed"
      className="flex flex-col gap-3 rounded-2xl border border-primary-200 bg-primary-50 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id="first-payment-owed-title" className="font-semibold text-primary-950">
          {deposit
            ? "L'acompte est à régler à nouveau"
            : 'Les frais de mise en service sont à régler à nouveau'}
        </h2>
        <p className="text-sm text-primary-900">
          {deposit ? "L'acompte" : 'Les frais de mise en service'} de {formatEurosTTC(owed.amountWithVat)}{' '}
          {deposit ? 'vous a été remboursé' : 'vous ont été remboursés'} lors de l'annulation : votre commande
          étant réactivée, {deposit ? 'il est dû' : 'ils sont dus'} avant le paiement final.
        </p>
      </div>
      <Button
        pending={pay.isPending}
        pendingLabel="Redirection..."
        onClick={() => pay.mutate(deposit ? 'annual' : 'monthly')}
      >
        {deposit ? "Payer l'acompte" : 'Payer les frais de mise en service'} (
        {formatEuros(owed.amountWithVat)} TTC)
      </Button>
    </section>
  );
}

/**
 * What a cancelled order's client should know next, as the cancellation email says it: nothing more
 * to pay, and what the 14-day guarantee gave back: the card payments' refund, on its way then made,
 * or plainly none.
 */

function CancellationNotice({ order }: { order: OrderView }) {
  // The moment the notice is shown: a guarantee that ends while it is open is told at the next visit.
  const [now] = useState(() => Date.now());
  const terms = order.cancellationTerms;
  if (order.status !== 'cancelled' || !terms) return null;
  const guaranteeRuns =
    terms.refundable && terms.guaranteeUntil !== null && Date.parse(terms.guaranteeUntil) > now;
  const paid = `${formatEuros(terms.paidWithVat)} TTC`;
  return (
    <section
      aria-labelledby="cancelled-title"
      data-testid="cancellation-notice"
      className="flex flex-col gap-2 rounded-2xl border border-slate-300 bg-slate-50 p-5 text-sm text-slate-800 sm:p-6"
    >
      <h2 id="cancelled-title" className="text-lg font-semibold text-slate-900">
        Commande annulée le {formatDate(terms.cancelledAt)}
      </h2>
      <p>
        {order.companyName ? `Le projet du site ${ofNameText(order.companyName)}` : 'Le projet'} est arrêté et
        aucun autre paiement ne vous sera demandé pour cette commande.
      </p>
      {terms.paidWithVat > 0 && (
        <GuaranteeRefundText terms={terms} paid={paid} guaranteeRuns={guaranteeRuns} />
      )}
      {terms.subscriptionEnded && (
        <p>Votre abonnement mensuel est arrêté avec elle : aucune mensualité ne sera plus prélevée.</p>
      )}
      {terms.subscriptionStillActive && (
        <p>
          Votre abonnement mensuel n'est pas arrêté par cette annulation : écrivez-nous à{' '}
          {agencyContact.supportEmail} pour l'arrêter.
        </p>
      )}
    </section>
  );
}

/**
 * The balance (yearly) or the first month (monthly), once the client has approved the preview; after
 * a payment that failed or was abandoned, the same button tries again with a new link.
 */
function FinalPayment({ order }: { order: OrderView }) {
  const pay = useFinalPayment();
  const monthly = order.status === 'awaiting_first_monthly_payment';
  if (order.status !== 'awaiting_balance_payment' && !monthly) return null;
  const amount = order.price ? (monthly ? order.price.monthlyWithVat : order.price.remainingWithVat) : null;
  const checkout = order.finalPaymentClosed;
  return (
    <section
      aria-labelledby="final-payment-title"
      className="flex flex-col gap-3 rounded-2xl border border-primary-200 bg-primary-50 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id="final-payment-title" className="font-semibold text-primary-950">
          {monthly ? 'Activez votre abonnement' : 'Réglez le solde pour recevoir votre site'}
        </h2>
        <p className="text-sm text-primary-900">
          {monthly
            ? 'Le premier mois démarre votre abonnement ; votre site est livré dans la foulée.'
            : 'Votre maquette est validée : le solde de 50 % déclenche la mise en ligne.'}
        </p>
        {checkout && (
          <p role="status" className="text-sm font-medium text-red-800" data-testid="final-payment-failed">
            {checkout === 'failed'
              ? "Votre dernier paiement n'a pas abouti et aucun montant n'a été débité : vous pouvez réessayer, avec la même carte ou une autre."
              : 'Votre dernier lien de paiement a expiré sans paiement : un nouveau lien est généré quand vous réessayez.'}
          </p>
        )}
      </div>
      <Button
        pending={pay.isPending}
        pendingLabel="Redirection..."
        onClick={() => pay.mutate({ orderId: order.id, monthly })}
      >
        {checkout ? 'Réessayer le paiement' : monthly ? 'Payer le premier mois' : 'Payer le solde'}
        {amount !== null && ` (${formatEuros(amount)} TTC)`}
      </Button>
    </section>
  );
}

const stepStateText: Record<ClientStepState, string> = {
  done: ' (terminé)',
  current: ' (en cours)',
  upcoming: ' (à venir)',
  stopped: ' (non réalisée)',
};

function ProjectTimeline({ order }: { order: OrderView }) {
  const timeline = useQuery(orderTimelineQueryOptions(order.id));
  return (
    <section
      aria-labelledby="timeline-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="timeline-title" className="mb-4 text-lg font-semibold text-slate-900">
        Étapes du projet
      </h2>
      {order.status === 'cancelled' && (
        <p role="note" className="mb-4 rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
          Les étapes terminées avant l'annulation restent affichées.
        </p>
      )}
      {timeline.data ? (
        <ol className="flex flex-col" aria-label="Étapes du projet">
          {clientProjectSteps(order, timeline.data).map((step, index, all) => (
            <li
              key={step.key}
              data-step={step.key}
              data-state={step.state}
              aria-current={step.state === 'current' ? 'step' : undefined}
              className="relative flex gap-4 pb-6 last:pb-0"
            >
              {index < all.length - 1 && (
                <span
                  aria-hidden="true"
                  className={`absolute top-7 left-3 h-[calc(100%-1.75rem)] w-0.5 ${step.state === 'done' ? 'bg-emerald-400' : 'bg-slate-200'}`}
                />
              )}
              <span
                aria-hidden="true"
                className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                  step.state === 'done'
                    ? 'bg-emerald-500 text-white'
                    : step.state === 'current'
                      ? 'bg-primary-600 text-white ring-4 ring-primary-100'
                      : 'bg-slate-200 text-slate-600'
                }`}
              >
                {step.state === 'done' ? '✓' : index + 1}
              </span>
              <div className="flex flex-col gap-0.5">
                <p className="font-medium text-slate-900">
                  {step.title}
                  <span className="sr-only">{stepStateText[step.state]}</span>
                </p>
                <p className="text-sm text-slate-600">{step.description}</p>
                {step.date && (
                  <p className="text-sm font-medium text-emerald-800">
                    {step.key === 'support' ? 'Actif depuis le' : 'Le'} {formatDate(step.date)}
                  </p>
                )}
                {!step.date && step.state === 'current' && (
                  <p className="text-sm font-medium text-primary-700">En cours</p>
                )}
                {step.state === 'stopped' && (
                  <p className="text-sm text-slate-600">Non réalisée : la commande est annulée</p>
                )}
              </div>
            </li>
          ))}
        </ol>
      ) : timeline.isError ? (
        <p className="text-sm text-red-800">Les étapes du projet n'ont pas pu être chargées.</p>
      ) : (
        <Spinner label="Chargement des étapes..." className="py-8" />
      )}
    </section>
  );
}

/** The account manager block (spec §2.2): the client's dedicated manager, or the support tickets. */
function AccountManager({ order }: { order: OrderView }) {
  // At the order's catalogue version, what the checkout charges (null only while unpriced: no offer then).
  const offer = order.accountManagerOffer;
  const upsell = useMutation({
    mutationFn: () =>
      api.post<{ paymentUrl: string }>('/api/orders/upsell-account-manager', { orderId: order.id }),
    onSuccess: ({ paymentUrl }) => window.location.assign(paymentUrl),
    onError: () =>
      showErrorToast('Erreur de paiement', 'Impossible de générer le lien de paiement. Veuillez réessayer.'),
  });
  return (
    <aside
      aria-labelledby="manager-title"
      className="flex flex-col gap-3 self-start rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="manager-title" className="text-lg font-semibold text-slate-900">
        {order.accountManager ? 'Votre chargé de compte' : 'Votre chef de projet'}
      </h2>
      <p className="text-sm text-slate-600">
        {order.accountManager
          ? 'Un chargé de compte dédié suit votre projet et répond à vos questions en priorité.'
          : 'Notre équipe suit votre projet. Une question ? Ouvrez un ticket, nous vous répondons du lundi au vendredi, de 9h à 18h.'}
      </p>
      {/* A ticket is a message to the team about this order: the support tab's form, not another site. */}
      <Link
        to="/dashboard/$orderId"
        params={{ orderId: order.id }}
        search={{ tab: 'support' }}
        className={buttonClasses({ variant: 'outline', size: 'sm', className: 'self-start' })}
      >
        Ouvrir un ticket
      </Link>
      {!order.accountManager && offer && order.depositPaid && order.status !== 'cancelled' && (
        <p className="text-sm text-slate-600">
          Envie d'un interlocuteur unique ?{' '}
          <button
            type="button"
            className={textLinkClasses}
            disabled={upsell.isPending}
            onClick={() => upsell.mutate()}
          >
            {upsell.isPending ? 'Redirection...' : 'Ajouter un chargé de compte dédié'}
          </button>{' '}
          <span data-testid="upsell-price">
            ({formatEurosHT(offer.yearlyPriceHT)} pour 1 an, soit {formatEurosTTC(offer.yearlyPriceWithVat)},
            réglé en une fois)
          </span>
        </p>
      )}
    </aside>
  );
}

const supportLink = (
  <a className={textLinkClasses} href={`mailto:${agencyContact.supportEmail}`}>
    {agencyContact.supportEmail}
  </a>
);

/** The refund the cancellation made, or did not, in the email's words (refunded once the provider said so). */
function GuaranteeRefundText({
  terms,
  paid,
  guaranteeRuns,
}: {
  terms: NonNullable<OrderView['cancellationTerms']>;
  paid: string;
  guaranteeRuns: boolean;
}) {
  const offline =
    terms.paidOfflineWithVat > 0 ? (
      <p>
        Les {formatEurosTTC(terms.paidOfflineWithVat)} réglés par virement, chèque ou espèces ne sont pas
        remboursés par cette annulation : écrivez-nous à {supportLink} pour convenir de leur remboursement.
      </p>
    ) : null;
  switch (terms.guaranteeRefund) {
    case 'requested':
      return (
        <>
          <p data-testid="guarantee-refund">
            Vous avez réglé {paid}. Au titre de la garantie « satisfait ou remboursé » de 14 jours,{' '}
            {terms.refundedWithVat >= terms.refundRequestedWithVat
              ? `${formatEurosTTC(terms.refundedWithVat)} vous ont été remboursés sur la carte utilisée pour le paiement ; l'avoir correspondant est dans vos factures.`
              : `nous vous remboursons ${formatEurosTTC(terms.refundRequestedWithVat)} sur la carte utilisée pour le paiement : le remboursement est en cours et apparaît sur votre relevé sous 5 à 10 jours.`}
          </p>
          {offline}
        </>
      );
    case 'declined':
      return (
        <p data-testid="guarantee-refund">
          Vous avez réglé {paid}. Aucun remboursement n'est effectué pour cette annulation. Une question ?
          Écrivez-nous à {supportLink}.
        </p>
      );
    default:
      if (guaranteeRuns && terms.guaranteeRefund === 'legacy')
        return (
          <p>
            Vous avez réglé {paid}. Votre commande date de moins de 14 jours : la garantie « satisfait ou
            remboursé » de nos conditions générales vous permet d'en obtenir le remboursement intégral.
            Demandez-le en écrivant à {supportLink} avant le {formatDate(terms.guaranteeUntil!)}.
          </p>
        );
      if (terms.refundable)
        return (
          <p>
            Vous avez réglé {paid} par virement, chèque ou espèces : ces sommes ne sont pas remboursées par
            cette annulation. Écrivez-nous à {supportLink} pour convenir de leur remboursement.
          </p>
        );
      return (
        <p>
          Vous avez réglé {paid}. La garantie « satisfait ou remboursé » de 14 jours a pris fin
          {terms.guaranteeUntil && <> le {formatDate(terms.guaranteeUntil)}</>} : ces sommes ne sont pas
          remboursées automatiquement. Une question ? Écrivez-nous à {supportLink}.
        </p>
      );
  }
}
