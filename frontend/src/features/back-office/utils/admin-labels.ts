import { type AdminRole } from '@/lib/admin-session/admin-session';

export const adminRoleLabels: Record<AdminRole, string> = {
  admin: 'Administrateur',
  auditor: 'Auditeur (lecture seule)',
};
