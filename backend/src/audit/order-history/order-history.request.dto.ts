import { TextField } from '../../infra/http/request-fields.js';

export class OrderHistoryQueryDto {
  @TextField({
    optional: true,
    maxLength: 40,
    format: 'date-time',
    pattern: {
      regex: /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/,
      message: 'Date invalide (format attendu : 2026-11-01 ou 2026-11-01T08:00:00Z)',
    },
    description: 'Also answer the order as it stood at this time ("état au …")',
  })
  at?: string;
}
