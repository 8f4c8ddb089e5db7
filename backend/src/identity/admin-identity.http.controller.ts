import { type IdentityVersion } from '@coseso/domain/identity/identity-decider';
import { agencyIdentityFields } from '@coseso/event-schemas/identity/identity-events';
import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Request, type Response } from 'express';
import { AdminGuard, AdminRoles } from '../auth/admin.guard.js';
import { adminContext } from '../auth/admin-context.js';
import { ActorNames } from '../auth/actor-names.js';
import { ApiAnswer, position, schema } from '../infra/http/api-schemas.js';
import { exposePosition } from '../infra/http/event-position.js';
import { AgencyIdentityService } from './agency-identity.service.js';
import { ChangeIdentityRequestDto } from './change-identity.request.dto.js';

const identitySchema = schema.object({
  name: schema.string(),
  legalForm: schema.string(),
  street: schema.string(),
  postcode: schema.string(),
  city: schema.string(),
  siret: schema.string(),
  rcsCity: schema.string(),
  vatNumber: schema.string(),
  shareCapitalEuros: schema.integer('Whole euros'),
  email: schema.string(),
  iban: schema.string(),
});

const versionSchema = schema.object({
  version: schema.integer('The version number, from 1'),
  changedAt: schema.dateTime(),
  changedBy: schema.string('Who: the admin’s email, or « Le système » for version 1'),
  reason: schema.string('Why it was changed'),
  changedFields: schema.array(
    schema.oneOf(agencyIdentityFields),
    'The fields changed from the version before',
  ),
  identity: identitySchema,
});

/** « Identité de l’agence » in the back-office: every version and the one in use; admins change it, auditors read. */
@ApiTags('Back-office')
@Controller('api/admin/agency-identity')
@UseGuards(AdminGuard)
export class AdminIdentityHttpController {
  constructor(
    private readonly identity: AgencyIdentityService,
    private readonly actorNames: ActorNames,
  ) {}

  @ApiAnswer(
    schema.object({
      current: schema.integer('The version documents issued now name'),
      versions: schema.array(versionSchema, 'Every version, the latest first'),
    }),
    'Les versions de l’identité de l’agence',
  )
  @Get()
  async history() {
    const versions = await this.identity.versions();
    const named = await this.answers(versions);
    return { current: versions.at(-1)!.version, versions: named.reverse() };
  }

  @ApiAnswer(schema.object({ version: versionSchema, position }), 'Identité modifiée', 201)
  @Post()
  @HttpCode(201)
  @AdminRoles('admin')
  async change(
    @Body() body: ChangeIdentityRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const changed = await this.identity.change(
      { identity: { ...body.identity }, reason: body.reason },
      adminContext(request),
    );
    const [version] = await this.answers([changed.version]);
    return { version, position: exposePosition(response, changed.position) };
  }

  private async answers(versions: readonly IdentityVersion[]) {
    const nameOf = await this.actorNames.name(versions.map((v) => v.changedBy));
    return versions.map((v) => ({
      version: v.version,
      changedAt: v.changedAt,
      changedBy: nameOf(v.changedBy).name,
      reason: v.reason,
      changedFields: [...v.changedFields],
      identity: v.identity,
    }));
  }
}
