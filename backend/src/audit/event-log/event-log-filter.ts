import { eventLogFilterMessages, readFilterDate } from '@coseso/domain/events/event-log-filters';
import { orderStreamId } from '@coseso/domain/events/event-reader';
import { OrderSummaryRow } from '@coseso/projections/read-models/order-views/order-summary.entity';
import { type DataSource } from 'typeorm';
import { invalidRequest } from '../../infra/http/api-errors.js';
import { type EventLogFilter } from './event-log-export.js';
import { type EventLogFilterDto } from './event-log.request.dto.js';

const date = (value: string | undefined, field: string): Date | undefined => {
  if (value === undefined) return undefined;
  const read = readFilterDate(value);
  if ('problem' in read) throw invalidRequest({ [field]: read.problem });
  return read.date;
};

/**
 * The query's filters in the log's terms: an order, by number or id, is its stream. null when the
 * filter names an order that does not exist (nothing can match).
 */
export async function resolveEventLogFilter(
  dto: EventLogFilterDto,
  readModels: DataSource,
): Promise<EventLogFilter | null> {
  let streamId: string | undefined;
  if (dto.order !== undefined) {
    if (/^\d+$/.test(dto.order)) {
      const row = await readModels
        .getRepository(OrderSummaryRow)
        .findOne({ where: { orderNumber: Number(dto.order) }, select: { orderId: true } });
      if (!row) return null;
      streamId = orderStreamId(row.orderId);
    } else streamId = orderStreamId(dto.order.toLowerCase());
  }
  const since = date(dto.from, 'from');
  const until = date(dto.to, 'to');
  if (since && until && since >= until) throw invalidRequest({ to: eventLogFilterMessages.periodOrder });
  return {
    ...(streamId ? { streamId } : {}),
    ...(dto.type ? { type: dto.type } : {}),
    ...(dto.actorKind ? { actorKind: dto.actorKind } : {}),
    ...(dto.actorId ? { actorId: dto.actorId } : {}),
    ...(since ? { since } : {}),
    ...(until ? { until } : {}),
  };
}
