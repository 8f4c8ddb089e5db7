import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { WriteSideModule } from '../write-side/write-side.module.js';
import { ContractDocuments } from './contract-documents.js';
import { ContractHttpController } from './contract.http.controller.js';
import { GetContractHandler } from './get-contract.handler.js';
import { IssueContractHandler } from './issue-contract.handler.js';
import { IssueContractJob } from './issue-contract.job.js';
import { SignContractHandler } from './sign-contract.handler.js';

@Module({
  imports: [WriteSideModule, AccountsModule],
  controllers: [ContractHttpController],
  providers: [
    ContractDocuments,
    IssueContractJob,
    IssueContractHandler,
    SignContractHandler,
    GetContractHandler,
  ],
  // The evidence bundle ships the signed document.
  exports: [ContractDocuments],
})
export class ContractsModule {}
