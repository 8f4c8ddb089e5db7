import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { emailCheckQueryOptions } from '../api/check-email';
import { EMAIL_CHECK_DELAY_MS } from '../utils/wizard-step';

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

  if (!data?.exists || settled !== candidate) return undefined;
  return `${data.message} - Veuillez choisir une autre adresse email`;
}
