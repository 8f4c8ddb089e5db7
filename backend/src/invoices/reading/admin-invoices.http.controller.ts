import {
  fecSalesJournal,
  ledgerCsvHeader,
  ledgerCsvLines,
  ledgerTotals,
  vatOnReceipts,
} from '@coseso/domain/invoices/invoice-ledger';
import { CSV_BOM, CSV_NEWLINE } from '@coseso/domain/shared/csv';
import { Controller, Get, Inject, Param, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { type Response } from 'express';
import { AdminGuard } from '../../auth/admin.guard.js';
import { type AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../infra/tokens.js';
import { fecAccountsOf } from '../seller-identity.js';
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
  totalAmount: schema.integer(
    'HT, net of credit notes and of the deposits final invoices deduct, euro cents',
  ),
  vatAmount: schema.integer('VAT, net of credit notes and deducted deposits, euro cents'),
  totalWithVat: schema.integer('TTC, net of credit notes and deducted deposits, euro cents'),
});

const amountsSchema = schema.object({
  totalAmount: schema.integer('HT, euro cents'),
  vatAmount: schema.integer('VAT, euro cents'),
  totalWithVat: schema.integer('TTC, euro cents'),
});

const receiptsSchema = schema.object({
  from: schema.string('YYYY-MM-DD'),
  to: schema.string('YYYY-MM-DD'),
  rates: schema.array(
    schema.object({
      vatRatePercent: schema.number('20 for 20 %'),
      received: amountsSchema,
      refunded: amountsSchema,
      net: amountsSchema,
    }),
  ),
  received: amountsSchema,
  refunded: amountsSchema,
  net: amountsSchema,
  paymentsWithVat: schema.integer('The payments the invoices acknowledge, TTC: equal to received'),
  invoicedWithVat: schema.integer('Invoiced less credited by issue date over the same days, TTC'),
  differences: schema.array(
    schema.object({
      number: schema.string(),
      kind: schema.string(),
      issueDate: schema.string(),
      paymentDate: schema.nullable(schema.string()),
      amountWithVat: schema.integer('Receipts less invoiced, TTC'),
      reason: schema.string(),
    }),
  ),
  mismatches: schema.array(
    schema.object({
      number: schema.string(),
      paymentWithVat: schema.integer(),
      bookedWithVat: schema.integer(),
    }),
  ),
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
  constructor(
    private readonly invoices: InvoiceReadModel,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

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

  @ApiAnswer(
    receiptsSchema,
    'TVA sur les encaissements : paiements reçus et remboursés sur la période, par taux, rapprochés des factures',
  )
  @Get('invoices/receipts')
  @ReadsProjection('invoices')
  async receipts(@Query() { from, to }: InvoicePeriodDto) {
    const { period, documents } = await this.invoices.issuedOrPaidIn(from, to);
    return vatOnReceipts(period, documents);
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
    sendCsv(response, `factures-${period.from}-${period.to}.csv`, [ledgerCsvHeader(), ...lines]);
  }

  @ApiProduces('text/csv')
  @ApiAnswer(
    schema.string(
      'The sales journal in the 18 columns of the FEC (art. A47 A-1 LPF), CSV separated by semicolons, one balanced entry per document',
    ),
    'Journal des ventes (format FEC)',
  )
  @Get('invoices/export-fec.csv')
  async fec(@Query() { from, to }: InvoicePeriodDto, @Res() response: Response): Promise<void> {
    const { period, invoices } = await this.invoices.inPeriod(from, to);
    const lines = fecSalesJournal(
      invoices.map((invoice) => invoice.document),
      fecAccountsOf(this.config),
    );
    sendCsv(response, `journal-ventes-${period.from}-${period.to}.csv`, lines);
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

function sendCsv(response: Response, name: string, lines: readonly string[]): void {
  response.setHeader('content-type', 'text/csv; charset=utf-8');
  response.setHeader('content-disposition', `attachment; filename="${name}"`);
  // A byte-order mark, so spreadsheets read the accents as UTF-8.
  response.end(`${CSV_BOM}${lines.join(CSV_NEWLINE)}${CSV_NEWLINE}`);
}
