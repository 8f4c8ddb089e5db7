import { Module } from '@nestjs/common';
import { CatalogueModule } from '../../catalogue/catalogue.module.js';
import { type AppConfig } from '../../config/app-config.js';
import { RateLimitGuard } from '../../infra/http/rate-limit.js';
import { APP_CONFIG } from '../../infra/tokens.js';
import { CheckDomainHttpController } from './check-domain.http.controller.js';
import {
  DOMAIN_AVAILABILITY,
  OfflineDomainAvailability,
  RdapDomainAvailability,
} from './domain-availability.js';

@Module({
  imports: [CatalogueModule],
  controllers: [CheckDomainHttpController],
  providers: [
    RateLimitGuard,
    {
      provide: DOMAIN_AVAILABILITY,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        config.DOMAIN_CHECK === 'rdap'
          ? new RdapDomainAvailability(config.RDAP_BASE_URL)
          : new OfflineDomainAvailability(),
    },
  ],
})
export class CheckDomainModule {}
