import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';

export type EmailCheckResult = ApiAnswer<'/api/check-email'>;

export function checkEmail(email: string, signal?: AbortSignal): Promise<EmailCheckResult> {
  return api.get<EmailCheckResult>(`/api/check-email?email=${encodeURIComponent(email)}`, { signal });
}

/** A failed check is only logged (spec §8): it yields no result rather than an error state. */
export const emailCheckQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['check-email', email],
    queryFn: async ({ signal }): Promise<EmailCheckResult | null> => {
      try {
        return await checkEmail(email, signal);
      } catch (error) {
        if (!signal.aborted) console.warn("Vérification de l'email impossible", error);
        return null;
      }
    },
  });
