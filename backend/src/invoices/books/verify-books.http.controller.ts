import { type Clock, systemClock } from '@coseso/domain/shared/clock';
import { type EventStore } from '@coseso/event-store/event-store';
import { Controller, Get, Inject, Optional, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AdminGuard } from '../../auth/admin.guard.js';
import { ApiAnswer, schema } from '../../infra/http/api-schemas.js';
import { CLOCK, EVENT_STORE } from '../../infra/tokens.js';
import { type BooksReport, verifyBooks } from './verify-books.js';

/**
 * « Vérifier les comptes » on /admin/invoices: the books invariant over the whole log, as
 * `npm run verify-books` checks it. A GET, since it only reads (auditors may run it); it reads the
 * whole log, so it takes a while on a large one, and a second click while one runs gets its answer.
 */
@ApiTags('Invoices')
@ApiBearerAuth('back-office')
@Controller('api/admin/invoices')
@UseGuards(AdminGuard)
export class VerifyBooksHttpController {
  private running: Promise<BooksReport> | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  @ApiAnswer(
    schema.object({
      ok: schema.boolean(
        'true when the books of every order balance and every series is numbered without gap',
      ),
      events: schema.integer(),
      orders: schema.integer(),
      documents: schema.integer('Invoices and credit notes read'),
      checkedAt: schema.dateTime(),
      breaks: schema.array(
        schema.object(
          {
            orderId: schema.string(),
            orderNumber: schema.integer(),
            rule: schema.oneOf([
              'balance',
              'payment_not_invoiced',
              'payment_invoiced_twice',
              'refund_not_credited',
              'refund_credited_twice',
              'credited_beyond_collected',
              'listed_amount',
            ]),
            document: schema.string('The document concerned'),
            period: schema.string('YYYY-MM, for a balance'),
            vatRatePercent: schema.number(),
            why: schema.string('In French'),
          },
          ['document', 'period', 'vatRatePercent'],
        ),
        'Each break of each order',
      ),
      numbering: schema.array(schema.string('In French'), 'A series numbered with a gap or dated backwards'),
    }),
    'Les comptes',
  )
  @Get('verify-books')
  verify(): Promise<BooksReport> {
    this.running ??= verifyBooks(this.store, { now: this.clock.now() }).finally(() => (this.running = null));
    return this.running;
  }
}
