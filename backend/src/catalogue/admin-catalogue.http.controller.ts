import { catalogueChangeSchema } from '@coseso/event-schemas/catalogue/catalogue-events';
import { DomainError } from '@coseso/domain/shared/domain-error';
import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Request, type Response } from 'express';
import { AdminGuard, AdminRoles } from '../auth/admin.guard.js';
import { adminContext } from '../auth/admin-context.js';
import { ApiAnswer, position, schema } from '../infra/http/api-schemas.js';
import { exposePosition } from '../infra/http/event-position.js';
import { ReadsProjection } from '../infra/http/reads-projection.js';
import { ActorNames } from '../auth/actor-names.js';
import { catalogueHistoryEntrySchema, historyEntry } from './catalogue-answer.js';
import { CATALOGUE_PROJECTOR, CatalogueService } from './catalogue.service.js';
import { PublishCatalogueVersionRequestDto } from './publish-catalogue-version.request.dto.js';

/** « Offres et tarifs » in the back-office: every version, how many orders each priced and the one in force; admins publish, auditors read. */
@ApiTags('Back-office')
@Controller('api/admin/catalogue')
@UseGuards(AdminGuard)
export class AdminCatalogueHttpController {
  constructor(
    private readonly catalogue: CatalogueService,
    private readonly actorNames: ActorNames,
  ) {}

  @ApiAnswer(
    schema.object({
      inForce: schema.integer('The version pricing new drafts now'),
      versions: schema.array(catalogueHistoryEntrySchema, 'Every version, the latest first'),
    }),
    'Les versions du catalogue',
  )
  @Get()
  @ReadsProjection(CATALOGUE_PROJECTOR)
  async history() {
    const [versions, inForce, orders] = await Promise.all([
      this.catalogue.versions(),
      this.catalogue.inForce(),
      this.catalogue.ordersPricedAt(),
    ]);
    const nameOf = await this.actorNames.name(versions.map((v) => v.publishedBy));
    return {
      inForce: inForce.version,
      versions: [...versions]
        .reverse()
        .map((v) => historyEntry(v, nameOf(v.publishedBy).name, orders.get(v.version) ?? 0)),
    };
  }

  @ApiAnswer(schema.object({ version: catalogueHistoryEntrySchema, position }), 'Version publiée', 201)
  @Post('versions')
  @HttpCode(201)
  @AdminRoles('admin')
  async publish(
    @Body() body: PublishCatalogueVersionRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const changes = body.changes.map((change, i) => {
      const defined = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
      const parsed = catalogueChangeSchema.safeParse(defined);
      if (!parsed.success)
        throw new DomainError(
          ErrorCode.CATALOGUE_INVALID_CHANGE,
          `Le changement n° ${i + 1} est incomplet : indiquez ce qu’il change et la nouvelle valeur.`,
          'invalid',
          { [`changes.${i}`]: 'Changement incomplet' },
        );
      return parsed.data;
    });
    const effectiveFrom = body.effectiveFrom?.trim() ? body.effectiveFrom.trim() : null;
    const published = await this.catalogue.publish(
      { changes, reason: body.reason, effectiveFrom },
      adminContext(request),
    );
    const nameOf = await this.actorNames.name([published.version.publishedBy]);
    return {
      version: historyEntry(published.version, nameOf(published.version.publishedBy).name),
      position: exposePosition(response, published.position),
    };
  }
}
