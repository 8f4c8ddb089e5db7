import { type AdminRole } from '../api/admin-session';

export const adminRoleLabels: Record<AdminRole, string> = {
  admin: 'Administrateur',
  auditor: 'Auditeur (lecture seule)',
};
