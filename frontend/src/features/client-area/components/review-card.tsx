import { isMonthly } from '@coseso/domain/orders/client-journey';
import { type OrderView } from '@coseso/domain/orders/order-view';
import { useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod/mini';
import { type CurrentUser, currentUserQueryOptions, displayName } from '@/lib/auth';
import { formatDateTime } from '@/lib/format-date';
import { ReviewRoundList } from '@/lib/orders/review-round-list';
import { Button } from '@/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/ui/dialog';
import { Textarea } from '@/ui/textarea';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';
import { useSubmitReview } from '../api/submit-review';
import { PreviewLink, previewUrlOf } from './order-facts';

/** Who approved, as the client reads it: the signed-in client by name, else their account. */
function approverName(approvedBy: string, user: CurrentUser | null | undefined): string {
  return user && user.id === approvedBy ? displayName(user) : 'votre compte client';
}

/**
 * The review card: for en_revision and the payment after it. The client approves the
 * preview or asks for changes; the buttons are hidden once approved and while payment is awaited.
 */
export function ReviewCard({ order }: { order: OrderView }) {
  const { data: user } = useQuery(currentUserQueryOptions());
  const shown =
    order.status === 'en_revision' ||
    order.status === 'awaiting_balance_payment' ||
    order.status === 'awaiting_first_monthly_payment';
  if (!shown) return order.status === 'revision_changes_requested' ? <ChangesUnderway order={order} /> : null;
  const approval = order.reviewApproval;
  const canAnswer = order.status === 'en_revision' && order.reviewStatus !== 'approved';
  const url = order.reviewUrl ? previewUrlOf({ reviewUrl: order.reviewUrl, deliveryUrl: null }) : null;
  return (
    <section
      aria-labelledby="review-title"
      className="flex flex-col gap-4 rounded-2xl border border-amber-200 bg-amber-50 p-5 sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id="review-title" className="text-lg font-semibold text-amber-950">
          {approval ? 'Maquette validée' : `Votre maquette est prête (version ${order.reviewRound || 1})`}
        </h2>
        {canAnswer && (
          <p className="text-sm text-amber-900">
            Parcourez votre site, puis validez-le ou dites-nous ce qu'il faut modifier. Les modifications
            demandées sont en général faites sous 24 à 48 h.
          </p>
        )}
      </div>
      {canAnswer && order.reviewNote && (
        <div className="rounded-xl bg-white p-4 text-sm text-slate-800" data-testid="review-note">
          <p className="font-medium text-slate-900">Le mot de notre équipe sur cette version :</p>
          <p className="mt-1 whitespace-pre-line wrap-anywhere">{order.reviewNote}</p>
        </div>
      )}
      <p className="text-sm">
        <PreviewLink url={url}>Voir la maquette</PreviewLink>
      </p>
      {approval && (
        <p
          className="rounded-xl bg-white p-4 text-sm font-medium text-emerald-900"
          data-testid="approval-receipt"
        >
          Maquette v{approval.round} validée le {formatDateTime(approval.approvedAt)} par{' '}
          {approverName(approval.approvedBy, user)}
        </p>
      )}
      {canAnswer && <ReviewButtons order={order} />}
    </section>
  );
}

function ChangesUnderway({ order }: { order: OrderView }) {
  return (
    <section
      aria-labelledby="changes-title"
      className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="changes-title" className="font-semibold text-slate-900">
        Modifications en cours
      </h2>
      <p className="text-sm text-slate-600">
        Nous travaillons sur vos retours
        {order.reviewSubmittedAt && <> du {formatDateTime(order.reviewSubmittedAt)}</>} : une nouvelle version
        vous sera proposée, en général sous 24 à 48 h.
      </p>
      {order.reviewFeedback && (
        <blockquote className="border-l-4 border-slate-200 pl-3 text-sm whitespace-pre-line text-slate-700">
          {order.reviewFeedback}
        </blockquote>
      )}
    </section>
  );
}

function ReviewButtons({ order }: { order: OrderView }) {
  const review = useSubmitReview(order.id);
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const onError = () => showErrorToast('Erreur', "Impossible d'envoyer votre retour");
  // mutateAsync: the answer refreshes the order, which may unmount these buttons before it is told.
  const approve = () =>
    review.mutateAsync({ reviewStatus: 'approved' }).then(() => {
      setConfirming(false);
      showSuccessToast('Retour envoyé', 'Merci ! Votre validation est enregistrée.');
    }, onError);
  const requestChanges = (feedback: string) =>
    review.mutateAsync({ reviewStatus: 'changes_requested', reviewFeedback: feedback }).then(() => {
      showSuccessToast('Retour envoyé', 'Nous revenons vers vous avec une nouvelle version.');
      setOpen(false);
    }, onError);

  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <Button disabled={review.isPending} onClick={() => setConfirming(true)}>
          Valider la maquette
        </Button>
        <DialogContent>
          <DialogTitle>Valider la version {order.reviewRound || 1} de votre maquette ?</DialogTitle>
          <DialogDescription>
            Une fois validée, cette version ne peut plus faire l'objet de demandes de modifications.{' '}
            {isMonthly(order)
              ? 'Le premier mois de votre abonnement vous sera ensuite demandé, avant la mise en ligne.'
              : 'Le solde de 50 % vous sera ensuite demandé, avant la mise en ligne.'}
          </DialogDescription>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Annuler
            </Button>
            <Button
              pending={review.isPending && review.variables?.reviewStatus === 'approved'}
              pendingLabel="Envoi..."
              onClick={approve}
            >
              Oui, je valide la maquette
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <Dialog open={open} onOpenChange={setOpen}>
        <Button variant="outline" disabled={review.isPending} onClick={() => setOpen(true)}>
          Demander des modifications
        </Button>
        <DialogContent>
          <DialogTitle>Demander des modifications</DialogTitle>
          <DialogDescription>
            Expliquez ce que vous souhaitez changer : textes, couleurs, pages…
          </DialogDescription>
          <ChangesRequestForm
            pending={review.isPending}
            onSubmit={requestChanges}
            onCancel={() => setOpen(false)}
          />
        </DialogContent>
      </Dialog>
    </div>
  );
}

const changesRequestSchema = z.object({
  feedback: z.string().check(z.trim(), z.minLength(1, 'Veuillez expliquer les modifications souhaitées')),
});

/** The client's comments on the preview; inside the dialog, so closing it forgets them. */
function ChangesRequestForm({
  pending,
  onSubmit,
  onCancel,
}: {
  pending: boolean;
  onSubmit: (feedback: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useForm({
    defaultValues: { feedback: '' },
    resolver: zodResolver(changesRequestSchema),
    mode: 'onTouched',
  });
  const empty = useWatch({ control: form.control, name: 'feedback' }).trim() === '';
  const error = form.formState.errors.feedback?.message;
  const submit = form.handleSubmit(({ feedback }) => {
    if (!pending) return onSubmit(feedback);
  });

  return (
    <form noValidate className="flex flex-col gap-3" onSubmit={submit}>
      <label htmlFor="review-feedback" className="text-sm font-medium text-slate-800">
        Vos commentaires
      </label>
      <Textarea
        id="review-feedback"
        {...form.register('feedback')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'review-feedback-error' : undefined}
        rows={5}
      />
      {error && (
        <p id="review-feedback-error" role="alert" className="text-sm text-red-700">
          <strong>Commentaires requis</strong> : {error}
        </p>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Annuler
        </Button>
        <Button type="submit" disabled={empty} pending={pending} pendingLabel="Envoi...">
          Envoyer mes commentaires
        </Button>
      </DialogFooter>
    </form>
  );
}

type ReviewRound = OrderView['reviewRounds'][number];

const decisionText = (round: ReviewRound, latest: boolean, waiting: boolean): string => {
  if (round.decision === 'approved') return `Validée le ${formatDateTime(round.answeredAt!)}`;
  if (round.decision === 'changes_requested')
    return `Modifications demandées le ${formatDateTime(round.answeredAt!)}`;
  if (latest && waiting) return 'En attente de votre retour';
  return latest ? 'Reprise par notre équipe' : 'Remplacée par la version suivante';
};

/** Every preview sent and what became of it, newest first: earlier versions and feedback stay in view. */
export function ReviewHistory({ order }: { order: OrderView }) {
  const rounds = order.reviewRounds ?? [];
  if (rounds.length === 0) return null;
  const waiting = order.status === 'en_revision' && order.reviewStatus === 'pending';
  return (
    <section
      aria-labelledby="review-history-title"
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="review-history-title" className="text-lg font-semibold text-slate-900">
        Historique des versions
      </h2>
      <ReviewRoundList rounds={rounds} label="Versions de la maquette" spacing="py-3">
        {(round, latest) => (
          <>
            <p className="font-medium text-slate-900">
              Version {round.round} · envoyée le {formatDateTime(round.sentAt)}
            </p>
            <p>
              <PreviewLink url={previewUrlOf({ reviewUrl: round.url, deliveryUrl: null })}>
                {`Voir la version ${round.round}`}
              </PreviewLink>
            </p>
            {round.note && (
              <p className="text-slate-700 wrap-anywhere">
                <span className="font-medium">Le mot de notre équipe :</span> {round.note}
              </p>
            )}
            <p className="text-slate-700" data-testid="review-round-decision">
              {decisionText(round, latest, waiting)}
            </p>
          </>
        )}
      </ReviewRoundList>
    </section>
  );
}
