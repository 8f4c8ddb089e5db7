import { isCalendarDay } from '@coseso/domain/shared/calendar';
import { ValidateBy } from 'class-validator';
import { IntField, TextField, UuidField } from '../../infra/http/request-fields.js';

const NUMBER = { regex: /^[FA]-\d{4}-\d{6}$/, message: 'Numéro de facture invalide' };
const DAY = { regex: /^\d{4}-\d{2}-\d{2}$/, message: 'Date attendue au format AAAA-MM-JJ' };

export class InvoiceNumberParams {
  @TextField({ maxLength: 13, pattern: NUMBER, description: 'F-2026-000123 or A-2026-000007' })
  number!: string;
}

export class OrderInvoiceParams extends InvoiceNumberParams {
  @UuidField({ description: "The order's id (a v4 UUID)" })
  orderId!: string;
}

/** The accountant's period: issue days, both included; the current month when absent. */
export class InvoicePeriodDto {
  @TextField({ maxLength: 10, pattern: DAY, optional: true, description: 'First issue day, YYYY-MM-DD' })
  @CalendarDay()
  from?: string;

  @TextField({ maxLength: 10, pattern: DAY, optional: true, description: 'Last issue day, YYYY-MM-DD' })
  @CalendarDay()
  to?: string;
}

const CURSOR = { regex: /^\d{4}-\d{2}-\d{2}\.\d{1,18}$/, message: 'Curseur de page invalide' };

/** A page of the accountant's period. */
export class InvoicePeriodPageDto extends InvoicePeriodDto {
  @TextField({
    maxLength: 30,
    pattern: CURSOR,
    optional: true,
    description: "The previous page's `next`: this page starts after it",
  })
  after?: string;

  @IntField({
    min: 1,
    max: 500,
    optional: true,
    fromQuery: true,
    description: 'Documents per page (200 when absent)',
  })
  limit?: number;
}

/** A day that exists (2026-13-45 and 2026-02-30 have the form of one, and reached the database). */
function CalendarDay() {
  return ValidateBy({
    name: 'calendarDay',
    validator: {
      validate: (value) => value === undefined || (typeof value === 'string' && isCalendarDay(value)),
      defaultMessage: () => 'Cette date n’existe pas (format attendu : AAAA-MM-JJ)',
    },
  });
}
