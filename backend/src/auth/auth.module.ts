import { Module } from '@nestjs/common';
import { AdminAccounts } from './admin-accounts.js';
import { AdminGuard } from './admin.guard.js';

/** The team's accounts and the guard of its routes: what every capability's team entry point needs. */
@Module({
  providers: [AdminAccounts, AdminGuard],
  exports: [AdminAccounts, AdminGuard],
})
export class AuthModule {}
