import { IntField } from '../../infra/http/request-fields.js';

export class OrderListQueryDto {
  @IntField({
    min: 1,
    max: 500,
    optional: true,
    fromQuery: true,
    default: 50,
    description: 'How many orders, most recently active first',
  })
  limit: number = 50;
}
