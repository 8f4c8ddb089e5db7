import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';
import { teamQueryKey } from './team';

// Apart from ./team: the route's loader imports that one into the landing's entry chunk; these are
// only the page's (code-split) component's.

export type TeamRole = 'admin' | 'auditor';
type Changed = ApiAnswer<'/api/admin/team/{accountId}/deactivate', 'post'>;
const memberPath = (accountId: string, action: string) =>
  `/api/admin/team/${encodeURIComponent(accountId)}/${action}`;

/** Every change reads the team again, whatever its answer (a refusal may follow another's change). */
function useTeamChange<Input, Answer>(send: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }),
  });
}

/** « Ajouter un membre »: emailed a link to choose their password. */
export const useAddMember = () =>
  useTeamChange((member: { name: string; email: string; role: TeamRole; reason: string }) =>
    api.post<ApiAnswer<'/api/admin/team', 'post'>>('/api/admin/team', member, { auth: 'admin' }),
  );

/** « Changer le rôle »: the member's sessions end. */
export const useChangeRole = (accountId: string) =>
  useTeamChange((change: { role: TeamRole; reason: string }) =>
    api.post<Changed>(memberPath(accountId, 'role'), change, { auth: 'admin' }),
  );

/** « Désactiver »: the member's sessions end and they can no longer sign in. */
export const useDeactivateMember = (accountId: string) =>
  useTeamChange((change: { reason: string }) =>
    api.post<Changed>(memberPath(accountId, 'deactivate'), change, { auth: 'admin' }),
  );
