import { ofNameText } from '@coseso/domain/shared/french-names';
import { useState } from 'react';
import { type UseFormReturn } from 'react-hook-form';
import { serverMessageOr, showServerFieldErrors } from '@/lib/form-errors';
import { Button } from '@/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  DialogTrigger,
} from '@/ui/dialog';
import { Field } from '@/ui/field';
import { Input } from '@/ui/input';
import { Select } from '@/ui/select';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';
import { type TeamMember, useUnlockMember } from '../api/team';
import { type TeamRole, useAddMember, useChangeRole, useDeactivateMember } from '../api/team-changes';
import { adminRoleLabels } from '../utils/admin-labels';
import {
  type AddMemberAnswers,
  type ChangeRoleAnswers,
  type DeactivateAnswers,
  TEAM_NAME_MAX_LENGTH,
  TEAM_REASON_MAX_LENGTH,
  addMemberSchema,
  changeRoleSchema,
  deactivateSchema,
} from '../utils/team-schemas';
import { EmailField } from './email-field';
import { ReasonDialog } from './reason-dialog';

const reasonOf = (example: string) => ({
  label: 'Raison',
  example,
  maxLength: TEAM_REASON_MAX_LENGTH,
});

function RoleField<V extends { role: TeamRole }>({ form }: { form: UseFormReturn<V> }) {
  const f = form as unknown as UseFormReturn<{ role: TeamRole }>;
  return (
    <Field label="Rôle" required error={f.formState.errors.role?.message}>
      {(control) => (
        <Select {...control} {...f.register('role')}>
          <option value="auditor">{adminRoleLabels.auditor}</option>
          <option value="admin">{adminRoleLabels.admin}</option>
        </Select>
      )}
    </Field>
  );
}

/** « Ajouter un membre »: the colleague is emailed a link to choose their password. */
export function AddMemberDialog() {
  const [open, setOpen] = useState(false);
  const mutation = useAddMember();
  return (
    <ReasonDialog<AddMemberAnswers>
      open={open}
      onOpenChange={setOpen}
      label="Ajouter un membre"
      description="Le nouveau membre reçoit un email avec un lien pour choisir son mot de passe (valable 1 heure). L'ajout et sa raison sont enregistrés dans le journal."
      reason={reasonOf('Par exemple : arrivée dans l’équipe, contrôle des comptes.')}
      schema={addMemberSchema}
      defaultValues={{ name: '', email: '', role: 'auditor', reason: '' }}
      before={(form) => (
        <>
          <Field label="Nom" required error={form.formState.errors.name?.message}>
            {(control) => (
              <Input
                {...control}
                {...form.register('name')}
                autoComplete="off"
                maxLength={TEAM_NAME_MAX_LENGTH}
              />
            )}
          </Field>
          <EmailField
            label="Email"
            registration={form.register('email')}
            error={form.formState.errors.email?.message}
          />
          <RoleField form={form} />
        </>
      )}
      confirm={{ label: 'Ajouter le membre', pendingLabel: 'Ajout…' }}
      pending={mutation.isPending}
      onConfirm={(values, form) =>
        mutation.mutate(values, {
          onSuccess: (answer) => {
            showSuccessToast('Membre ajouté', answer.message);
            setOpen(false);
          },
          onError: (error) => {
            showServerFieldErrors(form, error, ['name', 'email', 'role', 'reason']);
            showErrorToast('Ajout impossible', serverMessageOr(error, "Le membre n'a pas pu être ajouté."));
          },
        })
      }
    />
  );
}

/** « Changer le rôle »: the member's sessions end, so the new role applies at once. */
export function ChangeRoleDialog({ member }: { member: TeamMember }) {
  const [open, setOpen] = useState(false);
  const mutation = useChangeRole(member.id);
  const other: TeamRole = member.role === 'admin' ? 'auditor' : 'admin';
  return (
    <ReasonDialog<ChangeRoleAnswers>
      open={open}
      onOpenChange={setOpen}
      label="Changer le rôle"
      title={`Changer le rôle ${ofNameText(member.name)}`}
      description={`Rôle actuel : ${adminRoleLabels[member.role]}. Ses sessions ouvertes seront fermées ; un email le prévient. Le dernier administrateur actif ne peut pas devenir auditeur.`}
      reason={reasonOf('Par exemple : prend en charge les commandes.')}
      schema={changeRoleSchema}
      defaultValues={{ role: other, reason: '' }}
      before={(form) => <RoleField form={form} />}
      confirm={{ label: 'Changer le rôle', pendingLabel: 'Changement…' }}
      pending={mutation.isPending}
      onConfirm={(values, form) =>
        mutation.mutate(values, {
          onSuccess: (answer) => {
            showSuccessToast('Rôle changé', answer.message);
            setOpen(false);
          },
          onError: (error) => {
            showServerFieldErrors(form, error, ['role', 'reason']);
            showErrorToast(
              'Changement impossible',
              serverMessageOr(error, "Le rôle n'a pas pu être changé."),
            );
          },
        })
      }
    />
  );
}

/** « Désactiver »: confirmed with a reason; the member's sessions end and they can no longer sign in. */
export function DeactivateMemberDialog({ member }: { member: TeamMember }) {
  const [open, setOpen] = useState(false);
  const mutation = useDeactivateMember(member.id);
  return (
    <ReasonDialog<DeactivateAnswers>
      open={open}
      onOpenChange={setOpen}
      destructive
      label="Désactiver"
      title={`Désactiver ${member.name}`}
      description={`${member.email} ne pourra plus se connecter et ses sessions ouvertes seront fermées tout de suite ; un email le prévient. Le dernier administrateur actif ne peut pas être désactivé.`}
      reason={reasonOf('Par exemple : départ de l’agence.')}
      schema={deactivateSchema}
      defaultValues={{ reason: '' }}
      confirm={{ label: 'Désactiver le compte', pendingLabel: 'Désactivation…' }}
      pending={mutation.isPending}
      onConfirm={(values, form) =>
        mutation.mutate(values, {
          onSuccess: (answer) => {
            showSuccessToast('Membre désactivé', answer.message);
            setOpen(false);
          },
          onError: (error) => {
            showServerFieldErrors(form, error, ['reason']);
            showErrorToast(
              'Désactivation impossible',
              serverMessageOr(error, "Le compte n'a pas pu être désactivé."),
            );
          },
        })
      }
    />
  );
}

/**
 * « Débloquer »: confirmed, as every change of the team; the member may sign in again at once from
 * any device, and the unlock is recorded in the journal with who did it.
 */
export function UnlockMemberDialog({ member }: { member: TeamMember }) {
  const [open, setOpen] = useState(false);
  const unlock = useUnlockMember();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" className="self-start">
          Débloquer<span className="sr-only"> {member.email}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{`Débloquer ${member.name}`}</DialogTitle>
        <DialogDescription>
          {`Après trop d'essais de mot de passe, ${member.email} ne peut plus se connecter depuis un nouvel appareil pendant 15 minutes. Le débloquer lui permet de se connecter tout de suite ; le déblocage est enregistré dans le journal.`}
        </DialogDescription>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Retour</Button>
          </DialogClose>
          <Button
            pending={unlock.isPending}
            pendingLabel="Déblocage…"
            onClick={() =>
              unlock.mutate(member.id, {
                onSuccess: (answer) => {
                  showSuccessToast('Compte débloqué', answer.message);
                  setOpen(false);
                },
                onError: (error) =>
                  showErrorToast(
                    'Déblocage impossible',
                    serverMessageOr(error, "Le compte n'a pas pu être débloqué."),
                  ),
              })
            }
          >
            Débloquer le compte
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
