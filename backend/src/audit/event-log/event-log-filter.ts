import { orderStreamId } from '@coseso/domain/events/event-reader';
import { OrderSummaryRow } from '@coseso/projections/read-models/order-views/order-summary.entity';
import { type DataSource } from 'typeorm';
import { invalidRequest } from '../../infra/http/api-errors.js';
import { type EventLogFilter } from './event-log-export.js';
import { type EventLogFilterDto } from './event-log.request.dto.js';

const date = (value: string | undefined, field: string): Date | undefined => {
  if (value === undefined) return undefined;
  const parsed = new Date(value);
  // JavaScript would read 2026-02-31 as 3 March.
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (Number.isNaN(parsed.getTime()) || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day)
    throw invalidRequest({ [field]: "Cette date n'existe pas" });
  return parsed;
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
  if (since && until && since >= until)
    throw invalidRequest({ to: 'La fin de la période doit suivre son début' });
  return {
    ...(streamId ? { streamId } : {}),
    ...(dto.type ? { type: dto.type } : {}),
    ...(dto.actorKind ? { actorKind: dto.actorKind } : {}),
    ...(dto.actorId ? { actorId: dto.actorId } : {}),
    ...(since ? { since } : {}),
    ...(until ? { until } : {}),
  };
}
