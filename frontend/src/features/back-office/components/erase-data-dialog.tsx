import { useState } from 'react';
import { serverMessageOr } from '@/lib/form-errors';
import { Checkbox } from '@/ui/checkbox';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';
import { type ErasureTarget, useErasePersonalData } from '../api/erase-personal-data';
import { ERASURE_REASON_MAX_LENGTH, type ErasureAnswers, erasureSchema } from '../utils/reason-schemas';
import { ReasonDialog } from './reason-dialog';

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
export function EraseDataDialog({ target, who }: { target: ErasureTarget; who: string }) {
  const [open, setOpen] = useState(false);
  const mutation = useErasePersonalData({
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
  return (
    <ReasonDialog<ErasureAnswers>
      open={open}
      onOpenChange={setOpen}
      label={text.title}
      description={
        <>
          {who} · {text.effect}
        </>
      }
      destructive
      reason={{
        label: 'Raison de l’effacement',
        example: text.example,
        maxLength: ERASURE_REASON_MAX_LENGTH,
      }}
      schema={erasureSchema}
      defaultValues={{ reason: '', confirmed: false }}
      after={(form) => (
        <Checkbox
          label={text.confirmation}
          error={form.formState.errors.confirmed?.message}
          {...form.register('confirmed')}
        />
      )}
      complete={({ reason, confirmed }) => reason.trim() !== '' && confirmed}
      confirm={{ label: 'Effacer définitivement', pendingLabel: 'Effacement…' }}
      pending={mutation.isPending}
      onConfirm={({ reason }) => mutation.mutate({ target, reason })}
    />
  );
}
