import {
  fecEntry,
  fecHeader,
  ledgerCsvHeader,
  ledgerCsvLines,
  vatOnReceipts,
} from '@coseso/domain/invoices/invoice-ledger';
import { Controller, Get, Inject, Param, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { type Response } from 'express';
import { AdminGuard } from '../../auth/admin.guard.js';
import { type AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../infra/tokens.js';
import { fecAccountsOf } from '../seller-identity.js';
import { type AnswerOf, ApiAnswer, schema } from '../../infra/http/api-schemas.js';
import { ReadsProjection } from '../../infra/http/reads-projection.js';
import { OrderIdParams } from '../../orders/shared/order-id.js';
import { invoiceItemSchema } from './invoice-schemas.js';
import { streamCsv } from './stream-csv.js';
import { invoiceNotFound, invoicePdf, sendPdf, sendPdfZip } from './invoice-files.js';
import { type ListedInvoice, InvoiceReadModel, parsePageCursor } from './invoice-read-model.js';
import { InvoiceNumberParams, InvoicePeriodDto, InvoicePeriodPageDto } from './invoices.request.dto.js';

/** Documents on a page of the accountant's period when the request does not say. */
const PAGE_SIZE = 200;

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

/** A page of the accountant's period: the SPA's `PeriodInvoices` comes from it, through the document. */
const periodSchema = schema.object({
  from: schema.string('YYYY-MM-DD'),
  to: schema.string('YYYY-MM-DD'),
  invoices: schema.array(invoiceItemSchema),
  next: schema.nullable(schema.string("The next page's `after`; null on the last page")),
  totals: totalsSchema,
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
    periodSchema,
    'Les factures et avoirs émis sur la période (une page), et les totaux de toute la période',
  )
  @Get('invoices')
  @ReadsProjection('invoices')
  async period(
    @Query() { from, to, after, limit }: InvoicePeriodPageDto,
  ): Promise<AnswerOf<typeof periodSchema>> {
    const period = this.invoices.period(from, to);
    const [page, totals] = await Promise.all([
      this.invoices.pageInPeriod(period, after ? parsePageCursor(after) : null, limit ?? PAGE_SIZE),
      this.invoices.totalsOf(period),
    ]);
    return { ...period, invoices: page.invoices.map(item), next: page.next, totals };
  }

  @ApiAnswer(
    receiptsSchema,
    'TVA sur les encaissements : paiements reçus et remboursés sur la période, par taux, rapprochés des factures',
  )
  @Get('invoices/receipts')
  @ReadsProjection('invoices')
  async receipts(@Query() { from, to }: InvoicePeriodDto): Promise<AnswerOf<typeof receiptsSchema>> {
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
    const period = this.invoices.period(from, to);
    await streamCsv(
      response,
      `factures-${period.from}-${period.to}.csv`,
      (async function* (invoices) {
        yield [ledgerCsvHeader()];
        for await (const batch of invoices.eachInPeriod(period))
          yield batch.flatMap((invoice) => ledgerCsvLines(invoice.document));
      })(this.invoices),
    );
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
    const period = this.invoices.period(from, to);
    const accounts = fecAccountsOf(this.config);
    await streamCsv(
      response,
      `journal-ventes-${period.from}-${period.to}.csv`,
      (async function* (invoices) {
        yield [fecHeader()];
        let entry = 0;
        for await (const batch of invoices.eachInPeriod(period))
          yield batch.flatMap((invoice) => fecEntry(invoice.document, ++entry, accounts));
      })(this.invoices),
    );
  }

  @ApiProduces('application/zip')
  @ApiResponse({
    status: 200,
    description: 'Les PDF (Factur-X) des factures et avoirs de la période',
    content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
  })
  @Get('invoices/export.zip')
  async zip(@Query() { from, to }: InvoicePeriodDto, @Res() response: Response): Promise<void> {
    const period = this.invoices.period(from, to);
    await sendPdfZip(
      response,
      `factures-${period.from}-${period.to}.zip`,
      this.invoices.eachInPeriod(period),
    );
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
