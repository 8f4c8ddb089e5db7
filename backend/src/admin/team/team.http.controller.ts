import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiAnswer, schema } from '../../infra/http/api-schemas.js';
import { SignInThrottle } from '../../infra/security/sign-in-throttle.js';
import { AdminAccounts } from '../../auth/admin-accounts.js';
import { AdminGuard } from '../../auth/admin.guard.js';

/**
 * `GET /api/admin/team`: the back-office's accounts for the « Équipe » page, each with its role,
 * whether a session of it is open and whether its sign-in is locked. Admins and auditors read it;
 * only admins unlock (POST /api/admin/team/:accountId/unlock).
 */
@ApiTags('Back-office')
@ApiBearerAuth('back-office')
@Controller('api/admin/team')
@UseGuards(AdminGuard)
export class TeamHttpController {
  constructor(
    private readonly accounts: AdminAccounts,
    private readonly throttle: SignInThrottle,
  ) {}

  @ApiAnswer(
    schema.object({
      members: schema.array(
        schema.object({
          id: schema.string(),
          email: schema.string(),
          name: schema.string('The account’s name, else its role in French'),
          role: schema.oneOf(['admin', 'auditor']),
          createdAt: schema.dateTime(),
          openSessionSince: schema.nullable(
            schema.dateTime('When the latest session still open began; null when none is open'),
          ),
          active: schema.boolean('False once deactivated: the account can no longer sign in'),
          locked: schema.boolean('Sign-in refused on unknown devices after too many failed attempts'),
        }),
      ),
    }),
    "L'équipe du back-office",
  )
  @Get()
  async list() {
    const members = await this.accounts.list();
    return {
      members: await Promise.all(
        members.map(async (member) => ({
          ...member,
          locked: await this.throttle.isLocked('admin', member.email),
        })),
      ),
    };
  }
}
