import { type StoredEvent } from '@coseso/event-store/event-store';
import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiProduces, ApiTags } from '@nestjs/swagger';
import { type Response } from 'express';
import { AdminGuard } from '../../auth/admin.guard.js';
import { ApiAnswer, schema } from '../../infra/http/api-schemas.js';
import { CSV_NEWLINE } from '@coseso/domain/shared/csv';
import { csvHead, csvLine, ndjsonLine } from './event-log-export.js';
import { EventLogFilterDto, EventLogPageDto } from './event-log.request.dto.js';
import { eventLogPageSchema } from './event-log.schema.js';
import { ExportEventsQuery } from './export-events.query.js';
import { ListEventsQuery } from './list-events.query.js';

/** Yields to the response's pace: a slow download holds one chunk in memory, not the log. */
async function streamTo(
  response: Response,
  batches: AsyncIterable<StoredEvent[]>,
  line: (e: StoredEvent) => string,
  head = '',
  newline = '\n',
): Promise<void> {
  let closed = false;
  response.on('close', () => (closed = true));
  if (head) response.write(head);
  for await (const batch of batches) {
    if (closed) break;
    if (batch.length === 0) continue;
    if (!response.write(batch.map((e) => `${line(e)}${newline}`).join('')))
      await new Promise<void>((resolve) => {
        response.once('drain', resolve);
        response.once('close', resolve);
      });
  }
  response.end();
}

const stamp = () => new Date().toISOString().slice(0, 19).replaceAll(':', '-');

/** The auditors' explorer over the whole event log, and its exports (admins and auditors). */
@ApiTags('Audit')
@ApiBearerAuth('back-office')
@Controller('api/admin/events')
@UseGuards(AdminGuard)
export class EventLogHttpController {
  constructor(private readonly queries: QueryBus) {}

  @ApiAnswer(eventLogPageSchema, "Une page du journal d'événements")
  @Get()
  list(@Query() query: EventLogPageDto) {
    const { after, limit, ...filter } = query;
    return this.queries.execute(new ListEventsQuery(filter, after, limit));
  }

  /** The filtered log as NDJSON, line for line what `npm run export-events` writes. */
  @ApiProduces('application/x-ndjson')
  @ApiAnswer(schema.string('One JSON event per line'), 'Le journal filtré, en NDJSON')
  @Get('export.ndjson')
  async exportNdjson(@Query() filter: EventLogFilterDto, @Res() response: Response): Promise<void> {
    const batches = await this.queries.execute(new ExportEventsQuery(filter));
    response.setHeader('content-type', 'application/x-ndjson; charset=utf-8');
    response.setHeader('content-disposition', `attachment; filename="journal-${stamp()}.ndjson"`);
    await streamTo(response, batches, ndjsonLine);
  }

  /**
   * The filtered log as CSV, the product's one convention (`;`, UTF-8 with a byte-order mark, CRLF,
   * formulas neutralised); data and metadata as JSON.
   */
  @ApiProduces('text/csv')
  @ApiAnswer(schema.string('CSV separated by semicolons, with a header row'), 'Le journal filtré, en CSV')
  @Get('export.csv')
  async exportCsv(@Query() filter: EventLogFilterDto, @Res() response: Response): Promise<void> {
    const batches = await this.queries.execute(new ExportEventsQuery(filter));
    response.setHeader('content-type', 'text/csv; charset=utf-8');
    response.setHeader('content-disposition', `attachment; filename="journal-${stamp()}.csv"`);
    await streamTo(response, batches, csvLine, csvHead, CSV_NEWLINE);
  }
}
