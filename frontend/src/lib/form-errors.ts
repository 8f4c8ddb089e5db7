import { type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { isApiError } from '@/lib/api';

/**
 * Shows a 400 answer's field messages under the form's fields and focuses the first of them (in
 * `fields` order, the form's order). False when the answer names none of these fields.
 */
export function showServerFieldErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'setFocus'>,
  error: unknown,
  fields: readonly Path<T>[],
): boolean {
  if (!isApiError(error) || error.status !== 400 || !error.fields) return false;
  const named = fields.filter((field) => error.fields?.[field]);
  for (const field of named) form.setError(field, { type: 'server', message: error.fields[field] });
  if (named[0]) form.setFocus(named[0]);
  return named.length > 0;
}

/** The server's own message when it sent one, else the fallback (e.g. when the network failed). */
export function serverMessageOr(error: unknown, fallback: string): string {
  return (isApiError(error) && error.serverMessage) || fallback;
}
