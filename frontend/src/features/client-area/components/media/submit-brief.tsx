import { type OrderView } from '@coseso/domain/orders/order-view';
import { useForm, useWatch } from 'react-hook-form';
import { formatDateTime } from '@/lib/format-date';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';
import { useSubmitBrief } from '../../api/submit-brief';

/** The brief's state once submitted; before, while it is awaited, the form that submits it. */
export function SubmitBrief({
  order,
  fileCount,
  missing,
}: {
  order: OrderView;
  fileCount: number;
  /** What the client chose to provide and has not sent (« Éléments manquants »). */
  missing: readonly string[];
}) {
  if (order.briefSubmittedByClient)
    return (
      <section
        className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-950"
        aria-label="Brief"
      >
        <p className="font-semibold">
          Brief soumis{order.briefSubmittedAt && <> le {formatDateTime(order.briefSubmittedAt)}</>}
        </p>
        <p className="mt-1 text-sm">
          {order.briefValidatedByAdmin
            ? 'Notre équipe a validé votre brief : la création de votre site est lancée.'
            : 'Notre équipe le vérifie et revient vers vous si un élément manque.'}
        </p>
      </section>
    );
  if (order.status === 'contract_signed')
    return (
      <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700" data-testid="brief-opening-note">
        Notre équipe prépare votre brief et vous prévient par email dès qu'il est ouvert : vous pourrez alors
        le soumettre. Les fichiers que vous déposez d'ici là y seront joints.
      </p>
    );
  if (order.status !== 'brief_pending') return null;
  return <SubmitBriefForm order={order} fileCount={fileCount} missing={missing} />;
}

/** « Finaliser mon brief »: with files sent, or with « Je n'ai rien à envoyer » ticked. */
function SubmitBriefForm({
  order,
  fileCount,
  missing,
}: {
  order: OrderView;
  fileCount: number;
  missing: readonly string[];
}) {
  const submitBrief = useSubmitBrief(order.id);
  const form = useForm<{ nothingToSend: boolean }>({ defaultValues: { nothingToSend: false } });
  const nothingToSend = useWatch({ control: form.control, name: 'nothingToSend' });
  const ready = fileCount > 0 || nothingToSend;

  const submit = form.handleSubmit(({ nothingToSend }) => {
    if (submitBrief.isPending) return;
    return submitBrief.mutateAsync(fileCount === 0 && nothingToSend).then(
      () => showSuccessToast('Brief soumis', 'Merci ! Notre équipe revient vers vous rapidement.'),
      () => showErrorToast('Erreur de soumission', 'Impossible de soumettre le brief'),
    );
  });

  return (
    <section
      aria-labelledby="brief-title"
      className="flex flex-col gap-4 rounded-2xl border border-primary-200 bg-primary-50 p-5 sm:p-6"
    >
      <div>
        <h2 id="brief-title" className="text-lg font-semibold text-primary-950">
          Finaliser mon brief
        </h2>
        <p className="text-sm text-primary-900">
          Envoyez vos fichiers, ou indiquez que vous n'avez rien à nous envoyer, puis soumettez votre brief :
          notre équipe le valide et lance la création de votre site.
        </p>
      </div>
      <form onSubmit={submit} className="flex flex-col gap-4">
        {fileCount === 0 && <Checkbox label="Je n'ai rien à envoyer" {...form.register('nothingToSend')} />}
        {fileCount === 0 && nothingToSend && missing.length > 0 && (
          <p role="status" className="text-sm text-amber-900" data-testid="nothing-to-send-warning">
            Vous aviez choisi de nous fournir{' '}
            {missing.map((item) => item.charAt(0).toLowerCase() + item.slice(1)).join(' et ')}. Sans ces
            éléments, notre équipe vous les demandera avant de commencer votre site.
          </p>
        )}
        <Button
          type="submit"
          className="self-start"
          disabled={!ready}
          pending={submitBrief.isPending}
          pendingLabel="Envoi..."
        >
          Soumettre le brief
        </Button>
      </form>
    </section>
  );
}
