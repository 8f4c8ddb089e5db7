import { EMAIL_MAX_LENGTH } from '@coseso/domain/shared/email-address';
import { type UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/ui/field';
import { Input } from '@/ui/input';

/** A required email address typed by the team (a member's, a contact's corrected one), its error under it. */
export function EmailField({
  label,
  registration,
  error,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
}) {
  return (
    <Field label={label} required error={error}>
      {(control) => (
        <Input {...control} {...registration} type="email" autoComplete="off" maxLength={EMAIL_MAX_LENGTH} />
      )}
    </Field>
  );
}
