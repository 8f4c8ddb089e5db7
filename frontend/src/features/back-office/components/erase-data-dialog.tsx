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
import { type ErasureTarget, useErasePersonalData } from '../api/erase-personal-data';

const REASON_MAX_LENGTH = 2000;

/** What the dialog says for each kind of erasure. */
const texts = {
  client: {
    title: 'Effacer les données du client',
    effect:
      'Le nom, l’email, le téléphone, l’adresse, le SIREN et les textes du client seront remplacés par « données effacées » dans toutes ses commandes, l’historique et les exports. Les montants, statuts et dates restent. Son compte ne pourra plus se connecter. C’est définitif. Ce qui reste, par obligation légale : le contrat signé, tel qu’il a été signé, dans le dossier de preuves, et les factures et avoirs, conservés dix ans tels qu’émis, nom et adresse compris. Restent aussi les fichiers envoyés pour le brief (leurs noms sont effacés), ce que le prestataire de paiement garde de ses paiements et les e-mails déjà remis.',
    example: 'Par exemple : demande écrite du client et sa date.',
    confirmation: 'Je confirme l’effacement définitif des données de ce client',
  },
  contact: {
    title: 'Effacer les données du contact',
    effect:
      'Le nom, l’email, le téléphone, l’adresse, le SIREN et les textes saisis par le visiteur seront remplacés par « données effacées » dans cette commande, l’historique et les exports. Les montants, statuts et dates restent. La commande ne pourra plus être modifiée ni payée, seulement annulée. Restent les e-mails déjà remis. C’est définitif.',
    example: 'Par exemple : demande écrite du visiteur et sa date.',
    confirmation: 'Je confirme l’effacement définitif des données de ce contact',
  },
} as const;

/**
 * « Effacer les données du client » or « … du contact » (right to be forgotten): final, so behind a
 * dialog asking for the reason and an explicit confirmation.
 */
export function EraseDataDialog({
  token,
  target,
  who,
}: {
  token: string;
  target: ErasureTarget;
  who: string;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const mutation = useErasePersonalData(token, {
    success: (erasure) => {
      showSuccessToast('Données effacées', erasure.message);
      setOpen(false);
    },
    failure: (error) =>
      showErrorToast(
        'Effacement impossible',
        serverMessageOr(error, 'Les données n’ont pas pu être effacées.'),
      ),
  });
  const text = texts[target.kind];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || !reason.trim() || !confirmed) return;
    mutation.mutate({ target, reason });
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
          {text.title}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{text.title}</DialogTitle>
        <DialogDescription>
          {who} · {text.effect}
        </DialogDescription>
        <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
          <Field label="Raison de l’effacement" required description={text.example}>
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
            label={text.confirmation}
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
