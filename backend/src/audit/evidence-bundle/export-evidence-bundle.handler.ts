import { orderStreamId, readOrderEvent } from '@coseso/domain/events/event-reader';
import { type EventStore } from '@coseso/event-store/event-store';
import { Inject } from '@nestjs/common';
import { invoicePdf } from '../../invoices/reading/invoice-files.js';
import { InvoiceReadModel } from '../../invoices/reading/invoice-read-model.js';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ContractDocuments } from '../../contracts/contract-documents.js';
import { rawEventStore, revealPersonalData } from '../../infra/personal-data/personal-data-event-store.js';
import { EVENT_STORE } from '../../infra/tokens.js';
import { orderNotFound } from '../../orders/shared/order-errors.js';
import { OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { ActorNames } from '../../auth/actor-names.js';
import { contractOf, evidenceBundle } from './evidence-bundle.js';
import {
  type ExportedEvidenceBundle,
  ExportEvidenceBundleCommand,
  dailyExportCommandId,
} from './export-evidence-bundle.command.js';

/**
 * Reads the order's stream through the store and the event reader (as every reader of the log
 * does), makes the bundle, then records the export in the same stream before a byte is sent: a
 * bundle never leaves without its trace. The trace is one per staff member and day: it names the
 * manifest of that day's first bundle, and a later download the same day is answered with that
 * record's position, appending nothing (decision 44).
 */
@CommandHandler(ExportEvidenceBundleCommand)
export class ExportEvidenceBundleHandler implements ICommandHandler<ExportEvidenceBundleCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly orders: OrderCommandRunner,
    private readonly documents: ContractDocuments,
    private readonly actors: ActorNames,
    private readonly invoiceReadModel: InvoiceReadModel,
  ) {}

  async execute({ orderId, context }: ExportEvidenceBundleCommand): Promise<ExportedEvidenceBundle> {
    // The chain covers the stream as the adapter stored it (ciphertext); people read it decrypted.
    const events = await rawEventStore(this.store).readStream(orderStreamId(orderId));
    if (events.length === 0) throw orderNotFound();
    const readableEvents = await revealPersonalData(this.store, events);
    const contract = contractOf(readableEvents);
    const contractDocument = contract ? await this.documents.find(contract.documentSha256) : null;
    const nameOf = await this.actors.name([
      context.actor,
      ...readableEvents.map((e) => readOrderEvent(e).metadata.actor),
    ]);
    const invoices = await Promise.all(
      (await this.invoiceReadModel.ofOrder(orderId)).map(async (invoice) => ({
        number: invoice.number,
        kind: invoice.kind,
        issueDate: invoice.issueDate,
        totalAmount: invoice.totalAmount,
        vatAmount: invoice.vatAmount,
        totalWithVat: invoice.totalWithVat,
        corrects: invoice.corrects,
        pdfSha256: invoice.pdfSha256,
        pdf: await invoicePdf(invoice.document, invoice.pdfSha256),
      })),
    );
    const generatedAt = new Date();
    const bundle = evidenceBundle({
      invoices,
      orderId,
      events,
      readableEvents,
      generatedAt,
      generatedBy: nameOf(context.actor),
      nameOf,
      contractDocument,
    });
    const { manifestSha256, lastRevision, lastEventHash } = bundle;
    const outcome = await this.orders.run(
      orderId,
      { type: 'RecordEvidenceExport', manifestSha256, lastRevision, lastEventHash },
      { ...context, commandId: dailyExportCommandId(context.actor, generatedAt) },
    );
    return { ...bundle, position: outcome.position };
  }
}
