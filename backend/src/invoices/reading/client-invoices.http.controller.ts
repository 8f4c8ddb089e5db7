import { Controller, Get, Param, Res, UseGuards } from '@nestjs/common';
import { ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { type Response } from 'express';
import { ClientOrder } from '../../accounts/shared/client-order.guard.js';
import { ClientSessionGuard } from '../../accounts/shared/client-session.guard.js';
import { ApiAnswer, schema } from '../../infra/http/api-schemas.js';
import { ReadsProjection } from '../../infra/http/reads-projection.js';
import { OrderIdParams } from '../../orders/shared/order-id.js';
import { invoiceItemSchema } from './invoice-schemas.js';
import { invoiceNotFound, invoicePdf, sendPdf } from './invoice-files.js';
import { InvoiceReadModel } from './invoice-read-model.js';
import { OrderInvoiceParams } from './invoices.request.dto.js';

/** « Voir les factures »: the order's invoices and credit notes, and each one's PDF, for its owner. */
@ApiTags('Client area: invoices')
@Controller('api/client/orders')
@UseGuards(ClientSessionGuard)
export class ClientInvoicesHttpController {
  constructor(private readonly invoices: InvoiceReadModel) {}

  @ApiAnswer(schema.object({ invoices: schema.array(invoiceItemSchema) }), 'Les factures de la commande')
  @Get(':orderId/invoices')
  @ClientOrder()
  @ReadsProjection('invoices')
  async list(@Param() { orderId }: OrderIdParams) {
    const invoices = await this.invoices.ofOrder(orderId);
    return {
      invoices: invoices.map(({ document: _document, ...item }) => ({
        ...item,
        pdfUrl: `/api/client/orders/${orderId}/invoices/${item.number}/pdf`,
      })),
    };
  }

  @ApiProduces('application/pdf')
  @ApiResponse({
    status: 200,
    description: 'La facture (Factur-X : PDF/A-3 avec son XML EN 16931)',
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
  })
  @Get(':orderId/invoices/:number/pdf')
  @ClientOrder()
  async pdf(@Param() { orderId, number }: OrderInvoiceParams, @Res() response: Response): Promise<void> {
    const invoice = await this.invoices.byNumber(number);
    if (!invoice || invoice.orderId !== orderId) throw invoiceNotFound();
    sendPdf(response, number, await invoicePdf(invoice.document, invoice.pdfSha256));
  }
}
