import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Body, Controller, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { ApiAnswer, ApiRefusal, position, schema } from '../../infra/http/api-schemas.js';
import { exposePosition } from '../../infra/http/event-position.js';
import { adminContext } from '../../auth/admin-context.js';
import { AdminGuard, AdminRoles } from '../../auth/admin.guard.js';
import { AdminAccountParams } from '../auth/admin-auth.request.dto.js';
import { TeamChanges } from './team-changes.js';
import {
  AddTeamMemberRequestDto,
  ChangeTeamMemberRoleRequestDto,
  DeactivateTeamMemberRequestDto,
} from './team-changes.request.dto.js';

const changed = schema.object({ success: schema.boolean(), message: schema.string(), position });

/**
 * « Équipe »: an admin adds a member (emailed a link to choose their password), changes a role or
 * deactivates a member (their sessions end at once). Each change is an event of the `team` stream;
 * the last active admin cannot be demoted or deactivated. Admins only.
 */
@ApiTags('Back-office')
@ApiBearerAuth('back-office')
@Controller('api/admin/team')
@UseGuards(AdminGuard)
@AdminRoles('admin')
export class TeamChangesHttpController {
  constructor(private readonly team: TeamChanges) {}

  @ApiAnswer(
    schema.object({
      success: schema.boolean(),
      message: schema.string(),
      memberId: schema.string(),
      position,
    }),
    'Membre ajouté ; un lien pour choisir son mot de passe lui est envoyé',
    201,
  )
  @ApiRefusal(409, 'Un compte du back-office utilise déjà cette adresse (TEAM.EMAIL_TAKEN)')
  @Post()
  @HttpCode(201)
  async add(
    @Body() body: AddTeamMemberRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const added = await this.team.add(body, adminContext(request));
    return {
      success: true,
      message: `${body.name} est ajouté à l’équipe : un email lui permet de choisir son mot de passe.`,
      memberId: added.memberId,
      position: exposePosition(response, added.position),
    };
  }

  @ApiAnswer(changed, 'Rôle changé ; les sessions du membre sont fermées')
  @ApiRefusal(
    409,
    'Membre désactivé (TEAM.MEMBER_INACTIVE), rôle déjà le sien (TEAM.NO_CHANGE), dernier administrateur actif (TEAM.LAST_ADMIN), ou équipe modifiée en même temps',
  )
  @Post(':accountId/role')
  @HttpCode(200)
  async changeRole(
    @Param() { accountId }: AdminAccountParams,
    @Body() body: ChangeTeamMemberRoleRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const outcome = await this.team.changeRole({ memberId: accountId, ...body }, adminContext(request));
    return {
      success: true,
      message: 'Rôle changé : le membre se reconnecte pour travailler avec son nouveau rôle.',
      position: exposePosition(response, outcome.position),
    };
  }

  @ApiAnswer(changed, 'Membre désactivé ; ses sessions sont fermées')
  @ApiRefusal(409, 'Dernier administrateur actif (TEAM.LAST_ADMIN), ou équipe modifiée en même temps')
  @Post(':accountId/deactivate')
  @HttpCode(200)
  async deactivate(
    @Param() { accountId }: AdminAccountParams,
    @Body() body: DeactivateTeamMemberRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const outcome = await this.team.deactivate({ memberId: accountId, ...body }, adminContext(request));
    return {
      success: true,
      message: 'Membre désactivé : ses sessions sont fermées et il ne peut plus se connecter.',
      position: exposePosition(response, outcome.position),
    };
  }
}
