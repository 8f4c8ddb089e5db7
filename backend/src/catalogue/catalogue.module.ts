import { Module } from '@nestjs/common';
import { ActorNames } from '../auth/actor-names.js';
import { AuthModule } from '../auth/auth.module.js';
import { AdminCatalogueHttpController } from './admin-catalogue.http.controller.js';
import { CatalogueCommandRunner } from './catalogue-command-runner.js';
import { CatalogueHttpController } from './catalogue.http.controller.js';
import { CatalogueService } from './catalogue.service.js';

/** The agency's catalogue: its versions, the one in force, and the back-office's publications. */
@Module({
  imports: [AuthModule],
  controllers: [CatalogueHttpController, AdminCatalogueHttpController],
  providers: [CatalogueCommandRunner, CatalogueService, ActorNames],
  exports: [CatalogueService],
})
export class CatalogueModule {}
