import { Global, Module } from '@nestjs/common';
import { ActorNames } from '../auth/actor-names.js';
import { AuthModule } from '../auth/auth.module.js';
import { AdminIdentityHttpController } from './admin-identity.http.controller.js';
import { AgencyIdentityService } from './agency-identity.service.js';
import { IdentityCommandRunner } from './identity-command-runner.js';

/**
 * The agency's identity: its versions, the one documents issued now name, and the back-office's
 * changes. Global: the invoices, the contracts and the legal pages all read it.
 */
@Global()
@Module({
  imports: [AuthModule],
  controllers: [AdminIdentityHttpController],
  providers: [IdentityCommandRunner, AgencyIdentityService, ActorNames],
  exports: [AgencyIdentityService],
})
export class IdentityModule {}
