import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { ContractDocuments } from './contract-documents.js';
import { ContractIssuer } from './contract-issuer.js';
import { ContractHttpController } from './contract.http.controller.js';

@Module({
  imports: [OrdersModule, AccountsModule],
  controllers: [ContractHttpController],
  providers: [ContractDocuments, ContractIssuer],
  exports: [ContractIssuer],
})
export class ContractsModule {}
