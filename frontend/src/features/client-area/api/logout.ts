import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { api } from '@/lib/api';
import { currentUserQueryKey } from '@/lib/auth';

export function logout(): Promise<{ success: boolean }> {
  return api.post<{ success: boolean }>('/api/auth/logout');
}

/** Signs out, goes to /auth, then forgets everything the client's session had loaded (spec §7.1). */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      // Cleared once the client area is gone, so that its polling cannot ask again meanwhile.
      await navigate({ to: '/auth' });
      queryClient.clear();
      queryClient.setQueryData(currentUserQueryKey, null);
    },
  });
}
