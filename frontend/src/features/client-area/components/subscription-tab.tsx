import { type OrderView } from '@coseso/domain/orders/order-view';
import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatDate } from '@/lib/format-date';
import { serverMessageOr } from '@/lib/form-errors';
import { Badge } from '@/ui/badge';
import { Button, buttonClasses } from '@/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/ui/dialog';
import { Textarea } from '@/ui/textarea';
import { ClientInvoicesDialog } from '@/lib/invoices/client-invoices-dialog';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';
import { useCancelSubscription } from '../api/cancel-subscription';
import { orderTimelineQueryOptions } from '../api/get-order-timeline';
import { useCardUpdate } from '../api/payment-links';

const card = 'flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

/** The subscription tab of a monthly order. */
export function SubscriptionTab({ order }: { order: OrderView }) {
  const managed = order.status === 'delivered' && Boolean(order.subscriptionId);
  return (
    <div className="flex flex-col gap-6">
      <SubscriptionStatus order={order} />
      <BillingDates order={order} />
      {managed && <Management order={order} />}
      <section aria-labelledby="subscription-help-title" className={card}>
        <h2 id="subscription-help-title" className="text-lg font-semibold text-slate-900">
          Besoin d'aide ?
        </h2>
        <p className="text-sm text-slate-600">
          Facturation, changement de formule, question sur votre abonnement : écrivez-nous, notre équipe vous
          répond dans l'onglet Messages et vous prévient par email.
        </p>
        {/* The conversation of the order, in the area: not another site. */}
        <Link
          to="/dashboard/$orderId"
          params={{ orderId: order.id }}
          search={{ tab: 'messages' }}
          className={buttonClasses({ variant: 'outline', size: 'sm', className: 'self-start' })}
        >
          Écrire à l'équipe
        </Link>
      </section>
    </div>
  );
}

function SubscriptionStatus({ order }: { order: OrderView }) {
  const [now] = useState(() => Date.now());
  const monthly = order.price && `${formatEuros(order.price.monthlyWithVat)} TTC par mois`;
  if (order.subscriptionStatus === 'cancelled') {
    const ended = order.subscriptionExpiresAt !== null && Date.parse(order.subscriptionExpiresAt) <= now;
    return (
      <section
        className="rounded-2xl border border-slate-300 bg-slate-100 p-5 sm:p-6"
        aria-label="État de l'abonnement"
      >
        <h2 className="text-lg font-semibold text-slate-900">Abonnement annulé</h2>
        <p className="text-sm text-slate-700">
          {order.subscriptionExpiresAt
            ? ended
              ? `Votre abonnement a pris fin le ${formatDate(order.subscriptionExpiresAt)}${order.status === 'cancelled' ? " avec l'annulation de votre commande" : ''}. Aucun nouveau prélèvement n'est effectué.`
              : `Votre site reste en ligne jusqu'au ${formatDate(order.subscriptionExpiresAt)}, fin de la période payée. Aucun nouveau prélèvement n'est effectué.`
            : 'Votre site reste en ligne jusqu’à la fin de la période payée. Aucun nouveau prélèvement n’est effectué.'}
        </p>
      </section>
    );
  }
  if (order.subscriptionStatus === 'active')
    return (
      <section
        className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5 sm:p-6"
        aria-label="État de l'abonnement"
      >
        <h2 className="text-lg font-semibold text-emerald-950">Abonnement actif</h2>
        <p className="text-sm text-emerald-900">
          {monthly && `${monthly}. `}
          {order.nextPaymentDate && `Prochain prélèvement le ${formatDate(order.nextPaymentDate)}.`}
          {order.status !== 'delivered' &&
            (order.status === 'cancelled'
              ? ' Votre commande est annulée mais votre abonnement court toujours : écrivez-nous pour l’arrêter.'
              : ' Votre premier mois est réglé : votre site est en cours de mise en ligne.')}
        </p>
      </section>
    );
  if (order.status === 'cancelled')
    return (
      <section
        className="rounded-2xl border border-slate-300 bg-slate-100 p-5 sm:p-6"
        aria-label="État de l'abonnement"
      >
        <h2 className="text-lg font-semibold text-slate-900">Aucun abonnement</h2>
        <p className="text-sm text-slate-700">
          Votre commande a été annulée avant le premier mois : aucun abonnement ne démarrera et aucun
          prélèvement mensuel ne sera effectué.
        </p>
      </section>
    );
  return (
    <section
      className="rounded-2xl border border-primary-200 bg-primary-50 p-5 sm:p-6"
      aria-label="État de l'abonnement"
    >
      <h2 className="text-lg font-semibold text-primary-950">Abonnement en préparation</h2>
      <p className="text-sm text-primary-900">
        Votre abonnement démarre avec le paiement du premier mois, demandé une fois votre maquette validée
        {monthly && `, pour ${monthly}`}. Votre site est mis en ligne dès ce paiement reçu.
      </p>
    </section>
  );
}

/**
 * The subscription's dates as the log has them: its start, the site's delivery and, once cancelled,
 * its end. `exportEligibleAt` is the day the site may be exported, a year after the order: not a
 * delivery date, whatever the spec's wording.
 */
function BillingDates({ order }: { order: OrderView }) {
  const timeline = useQuery(orderTimelineQueryOptions(order.id));
  const started = timeline.data?.findLast((event) => event.type === 'SubscriptionStarted')?.occurredAt;
  const delivered = timeline.data?.findLast((event) => event.type === 'Delivered')?.occurredAt;
  const cancelled = order.status === 'cancelled';
  return (
    <section aria-labelledby="billing-title" className={card}>
      <h2 id="billing-title" className="text-lg font-semibold text-slate-900">
        Facturation
      </h2>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">Début de l'abonnement</dt>
          <dd className="font-medium text-slate-900" data-testid="subscription-start">
            {started ? formatDate(started) : cancelled ? 'Non démarré' : 'Au paiement du premier mois'}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Mise en ligne du site</dt>
          <dd className="font-medium text-slate-900" data-testid="subscription-delivery">
            {delivered ? formatDate(delivered) : cancelled ? 'Non livré' : 'À venir'}
          </dd>
        </div>
        {order.subscriptionStatus === 'cancelled' && order.subscriptionExpiresAt && (
          <div>
            <dt className="text-slate-600">Fin de l'abonnement</dt>
            <dd className="font-medium text-slate-900">{formatDate(order.subscriptionExpiresAt)}</dd>
          </div>
        )}
        {order.exportEligibleAt && !cancelled && order.subscriptionStatus !== 'cancelled' && (
          <div>
            <dt className="text-slate-600">Export de votre site possible à partir du</dt>
            <dd className="font-medium text-slate-900">{formatDate(order.exportEligibleAt)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

function Management({ order }: { order: OrderView }) {
  const cardUpdate = useCardUpdate(order.id);
  const cancelled = order.subscriptionStatus === 'cancelled';
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section aria-labelledby="manage-title" className={card}>
        <h2 id="manage-title" className="text-lg font-semibold text-slate-900">
          Gérer mon abonnement
        </h2>
        <p className="text-sm text-slate-600">
          {cancelled
            ? "Votre abonnement est annulé : il ne sera plus renouvelé et aucun nouveau prélèvement n'est effectué."
            : "Votre abonnement se renouvelle automatiquement chaque mois. Vous pouvez l'annuler à tout moment : il reste actif jusqu'à la fin de la période payée."}
        </p>
        <div className="flex flex-wrap gap-3">
          <ClientInvoicesDialog orderId={order.id} />
          {cancelled ? (
            <Button variant="outline" size="sm" disabled>
              Abonnement annulé
            </Button>
          ) : (
            <CancelDialog order={order} />
          )}
        </div>
      </section>
      {!cancelled && (
        <section aria-labelledby="card-title" className={card}>
          <div className="flex items-center justify-between gap-3">
            <h2 id="card-title" className="text-lg font-semibold text-slate-900">
              Carte bancaire
            </h2>
            <Badge tone="success">Actif</Badge>
          </div>
          <p className="text-sm text-slate-600">Paiement sécurisé par notre prestataire de paiement.</p>
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            pending={cardUpdate.isPending}
            pendingLabel="Génération..."
            onClick={() =>
              cardUpdate.mutate(undefined, {
                onError: () => showErrorToast('Erreur', 'Impossible de générer le lien de mise à jour'),
              })
            }
          >
            Mettre à jour la carte
          </Button>
          <p className="text-xs text-slate-500">
            Vos données bancaires ne sont jamais stockées sur nos serveurs. En cas de problème de paiement,
            vous êtes prévenu automatiquement.
          </p>
        </section>
      )}
    </div>
  );
}

function CancelDialog({ order }: { order: OrderView }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        Annuler l'abonnement
      </Button>
      <DialogContent>
        <DialogTitle>Annuler votre abonnement ?</DialogTitle>
        <DialogDescription>
          {order.nextPaymentDate
            ? `Votre site reste en ligne jusqu'au ${formatDate(order.nextPaymentDate)}, fin de la période payée`
            : "Votre site reste en ligne jusqu'à la fin de la période payée"}{' '}
          ; aucun nouveau prélèvement n'est effectué. La période en cours n'est pas remboursée. Vos données
          sont ensuite conservées 30 jours.
        </DialogDescription>
        <CancelSubscriptionForm order={order} close={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

/** The optional reason, then the cancellation; inside the dialog, so closing it forgets the reason. */
function CancelSubscriptionForm({ order, close }: { order: OrderView; close: () => void }) {
  const cancel = useCancelSubscription(order.id);
  const form = useForm({ defaultValues: { reason: '' } });
  const submit = form.handleSubmit(({ reason }) => {
    if (cancel.isPending) return;
    return cancel.mutateAsync(reason).then(
      ({ expirationDate }) => {
        close();
        showSuccessToast(
          'Abonnement annulé',
          expirationDate
            ? `Votre abonnement reste actif jusqu'au ${formatDate(expirationDate)}.`
            : 'Votre abonnement reste actif jusqu’à la fin de la période payée.',
        );
      },
      (error: unknown) =>
        showErrorToast(
          "Erreur d'annulation",
          serverMessageOr(error, "Impossible d'annuler l'abonnement. Veuillez réessayer."),
        ),
    );
  });
  return (
    <form className="flex flex-col gap-2" onSubmit={submit}>
      <label htmlFor="cancel-reason" className="text-sm font-medium text-slate-800">
        Raison de l'annulation (facultatif)
      </label>
      <Textarea id="cancel-reason" {...form.register('reason')} rows={3} />
      <DialogFooter>
        <Button variant="outline" onClick={close}>
          Conserver mon abonnement
        </Button>
        <Button type="submit" pending={cancel.isPending} pendingLabel="Annulation...">
          Confirmer l'annulation
        </Button>
      </DialogFooter>
    </form>
  );
}
