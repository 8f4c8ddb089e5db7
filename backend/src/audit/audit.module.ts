import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AdminModule } from '../admin/admin.module.js';
import { AuditorReadOnlyGuard } from './auditor-read-only.guard.js';

/** What auditors read (the event log, order histories, the chain's check), and the rule that they never write. */
@Module({
  imports: [AdminModule],
  controllers: [],
  providers: [{ provide: APP_GUARD, useClass: AuditorReadOnlyGuard }],
})
export class AuditModule {}
