import { type FormEvent, useState } from 'react';
import { serverMessageOr } from '@/lib/form-errors';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
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
import { Textarea } from '@/ui/textarea';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';
import { useEraseClientData } from '../api/erase-client-data';

const REASON_MAX_LENGTH = 2000;

/**
 * « Effacer les données du client » (right to be forgotten): final, so behind a dialog asking for
 * the reason and an explicit confirmation.
 */
export function EraseClientDialog({
  token,
  clientId,
  who,
}: {
  token: string;
  clientId: string;
  who: string;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const mutation = useEraseClientData(token);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || !reason.trim() || !confirmed) return;
    mutation.mutate(
      { clientId, reason },
      {
        onSuccess: (erasure) => {
          showSuccessToast('Données effacées', erasure.message);
          setOpen(false);
        },
        onError: (error) =>
          showErrorToast(
            'Effacement impossible',
            serverMessageOr(error, 'Les données n’ont pas pu être effacées.'),
          ),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setReason('');
          setConfirmed(false);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button
          size="sm"
          variant="outline"
          className="self-start border-red-300 text-red-700 hover:bg-red-50"
        >
          Effacer les données du client
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Effacer les données du client</DialogTitle>
        <DialogDescription>
          {who} · Le nom, l’email, le téléphone, l’adresse, le SIREN et les textes du client seront remplacés
          par « données effacées » dans toutes ses commandes, l’historique et les exports. Les montants,
          statuts et dates restent. Son compte ne pourra plus se connecter. C’est définitif.
        </DialogDescription>
        <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
          <Field
            label="Raison de l’effacement"
            required
            description="Par exemple : demande écrite du client et sa date."
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
          <Checkbox
            label="Je confirme l’effacement définitif des données de ce client"
            checked={confirmed}
            onChange={(e) => setConfirmed(e.target.checked)}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Retour</Button>
            </DialogClose>
            <Button
              type="submit"
              disabled={!reason.trim() || !confirmed}
              pending={mutation.isPending}
              pendingLabel="Effacement…"
              className="bg-red-600 hover:bg-red-700 disabled:hover:bg-red-600"
            >
              Effacer définitivement
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
