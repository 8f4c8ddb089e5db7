import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type UseFormReturn } from 'react-hook-form';
import { formatDateTime } from '@/lib/format-date';
import { serverMessageOr, showServerFieldErrors } from '@/lib/form-errors';
import { Checkbox } from '@/ui/checkbox';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';
import { sentEmailsQueryOptions, useCorrectContactEmail } from '../api/correct-contact-email';
import { type AdminOrderDetail } from '../api/get-admin-order';
import {
  CORRECTION_REASON_MAX_LENGTH,
  type ContactEmailCorrection,
  contactEmailCorrectionSchema,
} from '../utils/reason-schemas';
import { EmailField } from './email-field';
import { ReasonDialog } from './reason-dialog';

/** « Corriger l'email »: the contact's right address and why, recorded in the history. */
export function CorrectContactEmailDialog({ order }: { order: AdminOrderDetail }) {
  const [open, setOpen] = useState(false);
  const mutation = useCorrectContactEmail(order.id);
  return (
    <ReasonDialog<ContactEmailCorrection>
      open={open}
      onOpenChange={setOpen}
      label="Corriger l'email"
      title="Corriger l'email du contact"
      description={
        <>
          Adresse actuelle : {order.contactEmail || 'non renseignée'}. La correction et son motif sont
          enregistrés dans l'historique de la commande.{' '}
          {order.clientId
            ? 'Le client se connectera avec la nouvelle adresse ; s’il n’a pas encore choisi son mot de passe, l’e-mail de création du compte y est renvoyé, avec un nouveau lien. Seuls les e-mails cochés ci-dessous y sont renvoyés ; les suivants iront à la nouvelle adresse.'
            : 'Seuls les e-mails cochés ci-dessous sont renvoyés à la nouvelle adresse ; les suivants de la commande y iront.'}
        </>
      }
      reason={{
        label: 'Motif de la correction',
        example: 'Par exemple : faute de frappe, confirmée par téléphone.',
        maxLength: CORRECTION_REASON_MAX_LENGTH,
      }}
      schema={contactEmailCorrectionSchema}
      defaultValues={{ email: '', reason: '', resend: [] }}
      before={(form) => (
        <EmailField
          label="Nouvel email"
          registration={form.register('email')}
          error={form.formState.errors.email?.message}
        />
      )}
      after={(form) => <ResendChoice orderId={order.id} form={form} />}
      confirm={{ label: "Corriger l'email", pendingLabel: 'Correction…' }}
      pending={mutation.isPending}
      onConfirm={(values, form) =>
        mutation.mutate(values, {
          onSuccess: () => {
            showSuccessToast(
              'Email corrigé',
              [
                order.clientId
                  ? 'Le client se connecte désormais avec cette adresse ; s’il n’avait pas encore choisi de mot de passe, le lien lui est renvoyé à cette adresse.'
                  : 'Les emails de la commande iront à cette adresse.',
                values.resend.length > 0 &&
                  (values.resend.length > 1
                    ? `${values.resend.length} e-mails déjà envoyés y sont renvoyés.`
                    : 'L’e-mail choisi y est renvoyé.'),
              ]
                .filter(Boolean)
                .join(' '),
            );
            setOpen(false);
          },
          onError: (error) => {
            showServerFieldErrors(form, error, ['email']);
            showErrorToast(
              'Correction impossible',
              serverMessageOr(error, "L'email n'a pas pu être corrigé."),
            );
          },
        })
      }
    />
  );
}

/**
 * « E-mails à renvoyer »: those the order already sent, newest first, each to tick; ticked at first
 * the latest of each kind the client must still act on (the contract to sign, the review link…).
 */
function ResendChoice({ orderId, form }: { orderId: string; form: UseFormReturn<ContactEmailCorrection> }) {
  const sent = useQuery(sentEmailsQueryOptions(orderId));
  const emails = sent.data?.emails;
  const { setValue, getFieldState } = form;
  useEffect(() => {
    if (!emails || getFieldState('resend').isDirty) return;
    setValue(
      'resend',
      emails.filter((email) => email.suggested).map((email) => email.eventId),
    );
  }, [emails, setValue, getFieldState]);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-900">
        E-mails à renvoyer à la nouvelle adresse
      </legend>
      {sent.isPending ? (
        <p className="text-sm text-slate-600">Chargement des e-mails déjà envoyés…</p>
      ) : sent.isError ? (
        <p className="text-sm text-red-700">
          Les e-mails déjà envoyés n’ont pas pu être chargés : aucun ne sera renvoyé.
        </p>
      ) : emails!.length === 0 ? (
        <p className="text-sm text-slate-600">Aucun e-mail n’a encore été envoyé pour cette commande.</p>
      ) : (
        emails!.map((email) => (
          <Checkbox
            key={email.eventId}
            value={email.eventId}
            label={email.label}
            description={`Envoyé le ${formatDateTime(email.sentAt)}`}
            {...form.register('resend')}
          />
        ))
      )}
    </fieldset>
  );
}
