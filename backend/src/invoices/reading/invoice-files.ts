import { once } from 'node:events';
import { type InvoiceDocument } from '@coseso/domain/invoices/invoice-document';
import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { DomainError } from '@coseso/domain/shared/domain-error';
import { type Response } from 'express';
import { Zip, ZipDeflate } from 'fflate';
import { renderFacturX } from '../factur-x-pdf.js';

export const invoiceNotFound = () =>
  new DomainError(ErrorCode.INVOICE_NOT_FOUND, 'Facture introuvable.', 'not_found');

/**
 * The document's PDF, rendered again from the document as issued; refused rather than sent if it
 * is not the PDF whose SHA-256 the event recorded (a renderer that changed would issue another
 * document under the same number).
 */
export async function invoicePdf(document: InvoiceDocument, pdfSha256: string): Promise<Uint8Array> {
  const rendered = await renderFacturX(document);
  if (rendered.sha256 !== pdfSha256)
    throw new Error(`${document.number}: the PDF rendered again is not the one issued (SHA-256 differs)`);
  return rendered.bytes;
}

export function sendPdf(response: Response, number: string, bytes: Uint8Array): void {
  response.setHeader('content-type', 'application/pdf');
  response.setHeader('content-disposition', `attachment; filename="${number}.pdf"`);
  response.end(Buffer.from(bytes));
}

/** Streams a zip of the documents' PDFs, one after the other, as fflate makes it. */
export function sendPdfZip(
  response: Response,
  name: string,
  batches: AsyncIterable<readonly { document: InvoiceDocument; pdfSha256: string }[]>,
): Promise<void> {
  response.setHeader('content-type', 'application/zip');
  response.setHeader('content-disposition', `attachment; filename="${name}"`);
  return new Promise((resolve, reject) => {
    let draining: Promise<unknown> | null = null;
    const zip = new Zip((error, chunk, final) => {
      if (error) return reject(error);
      if (!response.write(chunk)) draining ??= once(response, 'drain').finally(() => (draining = null));
      if (final) response.end(resolve);
    });
    void (async () => {
      try {
        for await (const documents of batches)
          for (const { document, pdfSha256 } of documents) {
            // The next PDF waits for the client to take the previous ones: flat memory for a year's zip.
            if (draining) await draining;
            const entry = new ZipDeflate(`${document.number}.pdf`, { level: 6 });
            entry.mtime = new Date(`${document.issueDate}T12:00:00Z`);
            zip.add(entry);
            entry.push(await invoicePdf(document, pdfSha256), true);
          }
        zip.end();
      } catch (error) {
        reject(error as Error);
      }
    })();
  });
}
