import { useForm } from 'react-hook-form';
import { isApiError } from '@/lib/api';
import { serverMessageOr, showServerFieldErrors } from '@/lib/form-errors';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { Field } from '@/ui/field';
import { Input } from '@/ui/input';
import { showErrorToast } from '@/ui/toaster';
import { useSignContract } from '../api/sign-contract';
import { type SignContractValues, signContractSchema } from '../utils/sign-contract-schema';

interface SignContractFormProps {
  orderId: string;
  /** The fingerprint of the document on screen. */
  documentSha256: string;
  onSigned: () => void;
  onUnauthorized: () => void;
}

export function SignContractForm({
  orderId,
  documentSha256,
  onSigned,
  onUnauthorized,
}: SignContractFormProps) {
  const sign = useSignContract(orderId);
  const form = useForm<SignContractValues, unknown, SignContractValues>({
    defaultValues: { signerName: '', accepted: false },
    resolver: zodResolver(signContractSchema),
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  // Registered here, in the form's order: react-hook-form focuses the first error in that order.
  const signerName = form.register('signerName');
  const accepted = form.register('accepted');

  const submit = form.handleSubmit(({ signerName }) => {
    if (sign.isPending) return;
    sign.mutate(
      { signerName, accepted: true, documentSha256 },
      {
        onSuccess: onSigned,
        onError: (error) => {
          if (isApiError(error) && error.status === 401) return onUnauthorized();
          if (showServerFieldErrors(form, error, ['signerName', 'accepted'])) return;
          if (isApiError(error) && error.status === 409) {
            // The document was made again: the new one is loading; it must be read before signing.
            form.setValue('accepted', false);
            showErrorToast(
              'Contrat modifié',
              serverMessageOr(error, 'Le contrat a changé : veuillez le relire avant de le signer.'),
            );
            return;
          }
          showErrorToast(
            'Erreur de signature',
            serverMessageOr(error, 'Impossible de signer le contrat. Veuillez réessayer.'),
          );
        },
      },
    );
  });

  return (
    <form
      noValidate
      aria-labelledby="signature-title"
      className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      onSubmit={submit}
    >
      <div className="flex flex-col gap-1">
        <h2 id="signature-title" className="text-xl font-semibold text-slate-900">
          Signature
        </h2>
        <p className="text-sm text-slate-600">
          Votre signature électronique : vos nom et prénom, et votre accord. La date, l'heure et l'empreinte
          du document sont enregistrées.
        </p>
      </div>
      <Field label="Nom et prénom" required error={errors.signerName?.message}>
        {(control) => <Input {...control} {...signerName} autoComplete="name" maxLength={200} />}
      </Field>
      <Checkbox {...accepted} label="J'ai lu et j'accepte le contrat" error={errors.accepted?.message} />
      <Button type="submit" className="self-start" pending={sign.isPending} pendingLabel="Signature...">
        Signer le contrat
      </Button>
    </form>
  );
}
