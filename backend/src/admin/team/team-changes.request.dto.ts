import { teamRoles } from '@coseso/event-schemas/team/team-events';
import { ChoiceField, EmailField, TextField } from '../../infra/http/request-fields.js';

const roleMessage = 'Choisissez un rôle : administrateur ou auditeur';
const reasonField = TextField({
  maxLength: 2000,
  minLength: 1,
  trim: true,
  requiredMessage: 'Indiquez la raison du changement',
  minMessage: 'Indiquez la raison du changement',
});

export class AddTeamMemberRequestDto {
  @TextField({
    maxLength: 100,
    minLength: 1,
    trim: true,
    requiredMessage: 'Indiquez le nom du membre',
    minMessage: 'Indiquez le nom du membre',
  })
  name!: string;

  @EmailField({ requiredMessage: "Indiquez l'adresse email du membre" })
  email!: string;

  @ChoiceField(teamRoles, { message: roleMessage, requiredMessage: roleMessage })
  role!: (typeof teamRoles)[number];

  @reasonField
  reason!: string;
}

export class ChangeTeamMemberRoleRequestDto {
  @ChoiceField(teamRoles, { message: roleMessage, requiredMessage: roleMessage })
  role!: (typeof teamRoles)[number];

  @reasonField
  reason!: string;
}

export class DeactivateTeamMemberRequestDto {
  @reasonField
  reason!: string;
}
