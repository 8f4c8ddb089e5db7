import { useQuery } from '@tanstack/react-query';
import { formatDate, formatDateTime } from '@/lib/format-date';
import { useAdminSession } from '@/lib/admin-session/use-admin-session';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { SectionError } from '@/ui/section-card';
import { Spinner } from '@/ui/spinner';
import { type TeamMember, teamQueryOptions } from '../api/team';
import { adminRoleLabels } from '../utils/admin-labels';
import {
  AddMemberDialog,
  ChangeRoleDialog,
  DeactivateMemberDialog,
  UnlockMemberDialog,
} from './team-member-dialogs';

/**
 * « Équipe »: who has a back-office account, with which role, whether a session of theirs is open
 * and whether their sign-in is locked after too many failed attempts. Admins add members, change
 * roles, deactivate and unlock (each change recorded in the journal); auditors read.
 */
export function TeamPage() {
  const session = useAdminSession();
  const team = useQuery(teamQueryOptions());
  const canAct = session.user.role === 'admin';
  return (
    <>
      <title>Équipe · Coseso</title>
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Équipe</h1>
          <p className="text-sm text-slate-600">
            Les comptes du back-office. Un compte bloqué après trop d'essais de mot de passe ne peut plus se
            connecter depuis un nouvel appareil pendant 15 minutes
            {canAct ? ' : un administrateur peut le débloquer tout de suite.' : '.'}
            {canAct && " Chaque changement de l'équipe est enregistré dans le journal, avec sa raison."}
          </p>
        </div>
        <section
          aria-labelledby="team-members"
          className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="team-members" className="text-lg font-semibold text-slate-900">
              Membres
            </h2>
            {canAct && <AddMemberDialog />}
          </div>
          {team.data?.members.length === 0 ? (
            <p className="text-sm text-slate-600">Aucun compte pour l'instant.</p>
          ) : team.data ? (
            <ul aria-label="Membres de l'équipe" className="flex flex-col divide-y divide-slate-100">
              {team.data.members.map((member) => (
                <MemberRow
                  key={member.id}
                  member={member}
                  canAct={canAct}
                  me={member.id === session.user.id}
                />
              ))}
            </ul>
          ) : team.isError ? (
            <SectionError message="L'équipe n'a pas pu être chargée.">
              <Button size="sm" variant="outline" onClick={() => void team.refetch()}>
                Réessayer
              </Button>
            </SectionError>
          ) : (
            <Spinner label="Chargement de l'équipe..." className="py-6" />
          )}
        </section>
      </div>
    </>
  );
}

function MemberRow({ member, canAct, me }: { member: TeamMember; canAct: boolean; me: boolean }) {
  return (
    <li data-team-member={member.email} className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-medium text-slate-900 wrap-anywhere">
          {member.name}
          {me && <span className="font-normal text-slate-500"> (vous)</span>}
        </p>
        <p className="text-sm text-slate-700 wrap-anywhere">{member.email}</p>
        <p className="text-sm text-slate-600">
          {member.openSessionSince
            ? `Session ouverte depuis le ${formatDateTime(member.openSessionSince)}`
            : 'Aucune session ouverte'}
          {' · '}compte créé le {formatDate(member.createdAt)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={member.role === 'admin' ? 'primary' : 'neutral'}>{adminRoleLabels[member.role]}</Badge>
        {!member.active ? (
          <Badge tone="neutral">Désactivé</Badge>
        ) : member.locked ? (
          <Badge tone="warning">Bloqué</Badge>
        ) : (
          <Badge tone="success">Connexion possible</Badge>
        )}
        {canAct && member.active && (
          <>
            <ChangeRoleDialog member={member} />
            {!me && <DeactivateMemberDialog member={member} />}
          </>
        )}
        {canAct && member.active && member.locked && <UnlockMemberDialog member={member} />}
      </div>
    </li>
  );
}
