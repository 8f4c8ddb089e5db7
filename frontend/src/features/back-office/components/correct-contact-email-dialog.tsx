import {
  EMAIL_MAX_LENGTH,
  emailAddressMessages,
  emailAddressProblem,
} from '@coseso/domain/shared/email-address';
import { type FormEvent, useState } from 'react';
import { isApiError } from '@/lib/api';
import { serverMessageOr } from '@/lib/form-errors';
import { Button } from '@/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  DialogTrigger,
} from '@/ui/dialog';
import { Field } from '@/ui/field';
import { Input } from '@/ui/input';
import { Textarea } from '@/ui/textarea';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';
import { useCorrectContactEmail } from '../api/correct-contact-email';
import { type AdminOrderDetail } from '../api/get-admin-order';

const REASON_MAX_LENGTH = 1000;

/** « Corriger l'email »: the contact's right address and why, recorded in the history. */
export function CorrectContactEmailDialog({ token, order }: { token: string; order: AdminOrderDetail }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const mutation = useCorrectContactEmail(token, order.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || !email.trim() || !reason.trim()) return;
    const problem = emailAddressProblem(email.trim());
    if (problem) {
      setEmailError(emailAddressMessages[problem]);
      return;
    }
    mutation.mutate(
      { email, reason },
      {
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
          if (isApiError(error) && error.fields?.['email']) setEmailError(error.fields['email']);
          showErrorToast('Correction impossible', serverMessageOr(error, "L'email n'a pas pu être corrigé."));
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setEmail('');
          setReason('');
          setEmailError(undefined);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" className="self-start">
          Corriger l'email
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Corriger l'email du contact</DialogTitle>
        <DialogDescription>
          Adresse actuelle : {order.contactEmail || 'non renseignée'}. La correction et son motif sont
          enregistrés dans l'historique de la commande.
        </DialogDescription>
        <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
          <Field label="Nouvel email" required error={emailError}>
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="off"
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setEmailError(undefined);
                }}
                maxLength={EMAIL_MAX_LENGTH}
              />
            )}
          </Field>
          <Field
            label="Motif de la correction"
            required
            description="Par exemple : faute de frappe, confirmée par téléphone."
          >
            {(control) => (
              <Textarea
                {...control}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                maxLength={REASON_MAX_LENGTH}
              />
            )}
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Retour</Button>
            </DialogClose>
            <Button
              type="submit"
              disabled={!email.trim() || !reason.trim()}
              pending={mutation.isPending}
              pendingLabel="Correction…"
            >
              Corriger l'email
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
