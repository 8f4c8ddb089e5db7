import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type CurrentUser, currentUserQueryOptions } from '@/lib/auth';
import { type EmailCheckResult, emailCheckQueryOptions } from '../api/check-email';
import { EMAIL_CHECK_DELAY_MS } from '../utils/wizard-step';

/** Why "Suivant" stops at step 2 while the email is an account's that the visitor has not signed in to. */
export const EMAIL_TAKEN =
  'Un compte client existe déjà avec cette adresse email : connectez-vous pour commander avec elle, ou choisissez une autre adresse.';

/** An account uses the email, and it is not the signed-in client's own. */
const takenByAnother = (
  check: EmailCheckResult | null | undefined,
  email: string,
  user: CurrentUser | null,
) => Boolean(check?.exists) && user?.email.toLowerCase() !== email.toLowerCase();

/**
 * Asks the server whether an account already uses the email, 500 ms after the last change and only
 * once the address has an "@" (spec §5). Returns the warning to show, if any.
 */
export function useEmailCheck(email: string): string | undefined {
  const candidate = email.trim();
  const [settled, setSettled] = useState(candidate);

  useEffect(() => {
    const timer = setTimeout(() => setSettled(candidate), EMAIL_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [candidate]);

  const { data } = useQuery({
    ...emailCheckQueryOptions(settled),
    enabled: settled.includes('@') && settled === candidate,
  });
  const { data: user = null } = useQuery(currentUserQueryOptions());

  if (settled !== candidate || !takenByAnother(data, candidate, user)) return undefined;
  return `${data!.message} - Veuillez choisir une autre adresse email`;
}

/** The same check, asked now (leaving step 2 does not wait for the 500 ms pause). */
export async function isEmailTakenByAnother(queryClient: QueryClient, email: string): Promise<boolean> {
  const candidate = email.trim();
  if (!candidate.includes('@')) return false;
  const [check, user] = await Promise.all([
    queryClient.ensureQueryData(emailCheckQueryOptions(candidate)),
    queryClient.ensureQueryData(currentUserQueryOptions()),
  ]);
  return takenByAnother(check, candidate, user);
}
