import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { briefFileListSchema } from './brief-file-list.schema.js';
import { ListBriefFilesQuery } from './list-brief-files.query.js';
import { ApiAnswer } from '../../infra/http/api-schemas.js';
import { ReadsProjection } from '../../infra/http/reads-projection.js';
import { orderNotFound } from '../shared/order-errors.js';
import { OrderIdParams } from '../shared/order-id.js';
import { AdminGuard } from '../../auth/admin.guard.js';

/** `GET /api/admin/files/:orderId` (spec §7.2): an order's brief files by category, for the team. */
@ApiTags('Back-office')
@Controller('api/admin/files')
@UseGuards(AdminGuard)
export class AdminOrderFilesHttpController {
  constructor(private readonly queries: QueryBus) {}

  @ApiAnswer(briefFileListSchema)
  @Get(':orderId')
  @ReadsProjection('order-views')
  async list(@Param() { orderId }: OrderIdParams) {
    const list = await this.queries.execute(new ListBriefFilesQuery(orderId));
    if (!list) throw orderNotFound();
    return list;
  }
}
