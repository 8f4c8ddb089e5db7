import { type AdminOrderView } from '@coseso/domain/orders/admin-order-view';
import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { ApiAnswer } from '../../infra/http/api-schemas.js';
import { ReadsProjection } from '../../infra/http/reads-projection.js';
import { OrderIdParams } from '../../orders/shared/order-id.js';
import { AdminGuard } from '../../auth/admin.guard.js';
import { adminOrderSchema } from '../shared/admin-order.schema.js';
import { GetAdminOrderQuery } from './get-admin-order.query.js';

/** `GET /api/admin/orders/:orderId`: the detail panel (admins and auditors). */
@ApiTags('Back-office')
@Controller('api/admin/orders')
@UseGuards(AdminGuard)
export class AdminOrderDetailHttpController {
  constructor(private readonly queries: QueryBus) {}

  @ApiAnswer(adminOrderSchema, 'La commande, ses fichiers, sa checklist de brief et les actions possibles')
  @Get(':orderId')
  @ReadsProjection('order-views')
  get(@Param() { orderId }: OrderIdParams): Promise<AdminOrderView> {
    return this.queries.execute(new GetAdminOrderQuery(orderId));
  }
}
