import { LEDGER_CSV_COLUMNS, ledgerCsvLines, ledgerTotals } from '@coseso/domain/invoices/invoice-ledger';
import { Controller, Get, Param, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { type Response } from 'express';
import { AdminGuard } from '../../admin/auth/admin.guard.js';
import { ApiAnswer, schema } from '../../infra/http/api-schemas.js';
import { ReadsProjection } from '../../infra/http/reads-projection.js';
import { OrderIdParams } from '../../orders/shared/order-id.js';
import { invoiceItemSchema } from './invoice-schemas.js';
import { invoiceNotFound, invoicePdf, sendPdf, sendPdfZip } from './invoice-files.js';
import { type ListedInvoice, InvoiceReadModel } from './invoice-read-model.js';
import { InvoiceNumberParams, InvoicePeriodDto } from './invoices.request.dto.js';

const item = ({ document: _document, ...rest }: ListedInvoice) => ({
  ...rest,
  pdfUrl: `/api/admin/invoices/${rest.number}/pdf`,
});

const totalsSchema = schema.object({
  invoices: schema.integer('Invoices and deposit invoices'),
  creditNotes: schema.integer(),
  totalAmount: schema.integer('HT, net of credit notes, euro cents'),
  vatAmount: schema.integer('VAT, net of credit notes, euro cents'),
  totalWithVat: schema.integer('TTC, net of credit notes, euro cents'),
});

/**
 * The back-office's invoices (admins and auditors, who only read): an order's documents on its
 * panel, and the accountant's page: a period's documents with their totals, its CSV (one line per
 * document and VAT rate) and a zip of its PDFs.
 */
@ApiTags('Back-office: invoices')
@ApiBearerAuth('back-office')
@Controller('api/admin')
@UseGuards(AdminGuard)
export class AdminInvoicesHttpController {
  constructor(private readonly invoices: InvoiceReadModel) {}

  @ApiAnswer(
    schema.object({ invoices: schema.array(invoiceItemSchema) }),
    'Les factures et avoirs de la commande',
  )
  @Get('orders/:orderId/invoices')
  @ReadsProjection('invoices')
  async ofOrder(@Param() { orderId }: OrderIdParams) {
    return { invoices: (await this.invoices.ofOrder(orderId)).map(item) };
  }

  @ApiAnswer(
    schema.object({
      from: schema.string('YYYY-MM-DD'),
      to: schema.string('YYYY-MM-DD'),
      invoices: schema.array(invoiceItemSchema),
      totals: totalsSchema,
    }),
    'Les factures et avoirs émis sur la période',
  )
  @Get('invoices')
  @ReadsProjection('invoices')
  async period(@Query() { from, to }: InvoicePeriodDto) {
    const { period, invoices } = await this.invoices.inPeriod(from, to);
    return { ...period, invoices: invoices.map(item), totals: ledgerTotals(invoices) };
  }

  @ApiProduces('text/csv')
  @ApiAnswer(
    schema.string('CSV separated by semicolons, one line per document and VAT rate'),
    'Export comptable',
  )
  @Get('invoices/export.csv')
  async csv(@Query() { from, to }: InvoicePeriodDto, @Res() response: Response): Promise<void> {
    const { period, invoices } = await this.invoices.inPeriod(from, to);
    const lines = invoices.flatMap((invoice) => ledgerCsvLines(invoice.document));
    response.setHeader('content-type', 'text/csv; charset=utf-8');
    response.setHeader(
      'content-disposition',
      `attachment; filename="factures-${period.from}-${period.to}.csv"`,
    );
    // A byte-order mark, so spreadsheets read the accents as UTF-8.
    response.end(`\uFEFF${[LEDGER_CSV_COLUMNS.join(';'), ...lines].join('\r\n')}\r\n`);
  }

  @ApiProduces('application/zip')
  @ApiResponse({
    status: 200,
    description: 'Les PDF (Factur-X) des factures et avoirs de la période',
    content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
  })
  @Get('invoices/export.zip')
  async zip(@Query() { from, to }: InvoicePeriodDto, @Res() response: Response): Promise<void> {
    const { period, invoices } = await this.invoices.inPeriod(from, to);
    await sendPdfZip(response, `factures-${period.from}-${period.to}.zip`, invoices);
  }

  @ApiProduces('application/pdf')
  @ApiResponse({
    status: 200,
    description: 'La facture ou l’avoir (Factur-X)',
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
  })
  @Get('invoices/:number/pdf')
  async pdf(@Param() { number }: InvoiceNumberParams, @Res() response: Response): Promise<void> {
    const invoice = await this.invoices.byNumber(number);
    if (!invoice) throw invoiceNotFound();
    sendPdf(response, number, await invoicePdf(invoice.document, invoice.pdfSha256));
  }
}
