import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { ClientOrder } from '../../accounts/shared/client-order.guard.js';
import { ClientSessionGuard } from '../../accounts/shared/client-session.guard.js';
import { ApiAnswer } from '../../infra/http/api-schemas.js';
import { ReadsProjection } from '../../infra/http/reads-projection.js';
import { orderNotFound } from '../shared/order-errors.js';
import { OrderIdParams } from '../shared/order-id.js';
import { briefFileListSchema } from './brief-file-list.schema.js';
import { ListBriefFilesQuery } from './list-brief-files.query.js';

/** `GET /api/client/files/:orderId` (spec §7.1): the brief's files by category, and the storage used. */
@ApiTags('Client area: brief')
@Controller('api/client/files')
@UseGuards(ClientSessionGuard)
export class ClientFilesHttpController {
  constructor(private readonly queries: QueryBus) {}

  @ApiAnswer(briefFileListSchema)
  @Get(':orderId')
  @ClientOrder()
  @ReadsProjection('order-views')
  async list(@Param() { orderId }: OrderIdParams) {
    const list = await this.queries.execute(new ListBriefFilesQuery(orderId));
    if (!list) throw orderNotFound();
    return list;
  }
}
