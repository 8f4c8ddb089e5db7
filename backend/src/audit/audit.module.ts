import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthModule } from '../auth/auth.module.js';
import { ContractsModule } from '../contracts/contracts.module.js';
import { InvoicesModule } from '../invoices/invoices.module.js';
import { WriteSideModule } from '../write-side/write-side.module.js';
import { ActorNames } from '../auth/actor-names.js';
import { AuditorReadOnlyGuard } from '../auth/auditor-read-only.guard.js';
import { EventLogHttpController } from './event-log/event-log.http.controller.js';
import { EvidenceBundleHttpController } from './evidence-bundle/evidence-bundle.http.controller.js';
import { ExportEvidenceBundleHandler } from './evidence-bundle/export-evidence-bundle.handler.js';
import { ExportEventsHandler } from './event-log/export-events.handler.js';
import { ListEventsHandler } from './event-log/list-events.handler.js';
import { GetOrderHistoryHandler } from './order-history/get-order-history.handler.js';
import { OrderHistoryHttpController } from './order-history/order-history.http.controller.js';
import { VerifyLogHandler } from './verify-log/verify-log.handler.js';
import { VerifyLogHttpController } from './verify-log/verify-log.http.controller.js';

/**
 * What auditors read (the event log, order histories, the chain's check, the evidence bundles), the
 * rule that they never write.
 */
@Module({
  imports: [AuthModule, WriteSideModule, ContractsModule, InvoicesModule],
  controllers: [
    EventLogHttpController,
    VerifyLogHttpController,
    OrderHistoryHttpController,
    EvidenceBundleHttpController,
  ],
  providers: [
    { provide: APP_GUARD, useClass: AuditorReadOnlyGuard },
    ActorNames,
    ListEventsHandler,
    ExportEventsHandler,
    VerifyLogHandler,
    GetOrderHistoryHandler,
    ExportEvidenceBundleHandler,
  ],
  exports: [ActorNames],
})
export class AuditModule {}
