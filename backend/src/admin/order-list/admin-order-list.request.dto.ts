import { adminOrderQueues, adminOrderSorts } from '@coseso/domain/orders/admin-order-sort';
import { orderStatuses, templateKeys } from '@coseso/event-schemas/order/order-keys';
import { ChoiceField, IntField, TextField } from '../../infra/http/request-fields.js';

/** `GET /api/admin/orders`: search, filters and page (spec §2.3, §9). Any change should go back to page 1. */
export class AdminOrderListQueryDto {
  @TextField({
    maxLength: 200,
    optional: true,
    trim: true,
    description:
      'Case-insensitive substring of the company name, contact email, sector, order id or order number',
  })
  search?: string;

  @ChoiceField(['all', ...orderStatuses], { optional: true, description: 'Status filter; all by default' })
  status?: string;

  @ChoiceField(['all', ...templateKeys], { optional: true, description: 'Template filter; all by default' })
  template?: string;

  @IntField({
    min: 1,
    max: 1_000_000,
    optional: true,
    fromQuery: true,
    description:
      'Only the orders priced at this catalogue version (« Offres et tarifs »: the orders of a version)',
  })
  catalogueVersion?: number;

  @ChoiceField(adminOrderQueues, {
    optional: true,
    description:
      'A saved view: team (« À traiter », the team’s move), client (« En attente du client »), payment_failed (« Paiements en échec »); listed the longest wait first unless a sort is asked',
  })
  queue?: string;

  @ChoiceField(['true', 'false'], {
    optional: true,
    description:
      'true: only the drafts nobody filled in (« Brouillons »); by default they are left out, as from the statistics',
  })
  drafts?: string;

  @ChoiceField(adminOrderSorts, {
    optional: true,
    description:
      'activity (by default: most recently active first; with a queue, waiting), waiting (the longest wait first), recent / oldest (by creation), amount (the price’s total TTC: a year for a yearly order, the setup fee for a monthly one; highest first, none last), client (company name, A to Z); ties in the order id',
  })
  sort?: string;

  @IntField({ min: 1, max: 100_000, optional: true, fromQuery: true, default: 1, description: 'From 1' })
  page: number = 1;

  @IntField({
    min: 1,
    max: 100,
    optional: true,
    fromQuery: true,
    default: 10,
    description: 'Orders per page (the list shows 10)',
  })
  pageSize: number = 10;
}
