import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { type Request } from 'express';
import { ApiAnswer, schema } from '../../infra/http/api-schemas.js';
import { type AdminUser } from '../../auth/admin-accounts.js';
import { AdminAccountParams } from '../auth/admin-auth.request.dto.js';
import { AdminGuard, AdminRoles } from '../../auth/admin.guard.js';
import { adminContext } from '../../auth/admin-context.js';
import { UnlockAccount } from './unlock-account.js';

/**
 * `POST /api/admin/team/:accountId/unlock`: an admin ends a team member's sign-in lock (the « Équipe »
 * page's button). Admins only; an auditor's token is refused (403) as on every write.
 */
@ApiTags('Back-office')
@ApiBearerAuth('back-office')
@Controller('api/admin/team')
@UseGuards(AdminGuard)
@AdminRoles('admin')
export class UnlockAccountHttpController {
  constructor(private readonly unlocking: UnlockAccount) {}

  @ApiAnswer(
    schema.object({ success: schema.boolean(), message: schema.string() }),
    'Les connexions à ce compte sont de nouveau possibles',
  )
  @Post(':accountId/unlock')
  @HttpCode(200)
  async unlock(@Param() { accountId }: AdminAccountParams, @Req() request: Request) {
    const by = (request as Request & { admin: AdminUser }).admin;
    const account = await this.unlocking.unlock(accountId, by, adminContext(request));
    return {
      success: true,
      message: `Le compte ${account.email} peut de nouveau se connecter depuis n’importe quel appareil.`,
    };
  }
}
