import { EMAIL_MAX_LENGTH } from '@coseso/domain/shared/email-address';
import { useState } from 'react';
import { serverMessageOr, showServerFieldErrors } from '@/lib/form-errors';
import { Field } from '@/ui/field';
import { Input } from '@/ui/input';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';
import { useCorrectContactEmail } from '../api/correct-contact-email';
import { type AdminOrderDetail } from '../api/get-admin-order';
import {
  CORRECTION_REASON_MAX_LENGTH,
  type ContactEmailCorrection,
  contactEmailCorrectionSchema,
} from '../utils/reason-schemas';
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
            ? 'Le client se connectera avec la nouvelle adresse. Un seul e-mail y est renvoyé : celui de création du compte, avec le lien pour choisir le mot de passe, et seulement si le client ne l’a pas encore choisi. Les autres e-mails déjà envoyés ne sont pas renvoyés ; les suivants iront à la nouvelle adresse.'
            : 'Aucun e-mail déjà envoyé n’est renvoyé ; les suivants de la commande iront à la nouvelle adresse.'}
        </>
      }
      reason={{
        label: 'Motif de la correction',
        example: 'Par exemple : faute de frappe, confirmée par téléphone.',
        maxLength: CORRECTION_REASON_MAX_LENGTH,
      }}
      schema={contactEmailCorrectionSchema}
      defaultValues={{ email: '', reason: '' }}
      before={(form) => (
        <Field label="Nouvel email" required error={form.formState.errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              {...form.register('email')}
              type="email"
              autoComplete="off"
              maxLength={EMAIL_MAX_LENGTH}
            />
          )}
        </Field>
      )}
      confirm={{ label: "Corriger l'email", pendingLabel: 'Correction…' }}
      pending={mutation.isPending}
      onConfirm={(values, form) =>
        mutation.mutate(values, {
          onSuccess: () => {
            showSuccessToast(
              'Email corrigé',
              order.clientId
                ? 'Le client se connecte désormais avec cette adresse ; s’il n’avait pas encore choisi de mot de passe, le lien lui est renvoyé à cette adresse.'
                : 'Les emails de la commande iront à cette adresse.',
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
