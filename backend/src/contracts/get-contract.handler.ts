import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { DomainError } from '@coseso/domain/shared/domain-error';
import { OrderDetailRow } from '@coseso/projections/read-models/order-views/order-detail.entity';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type DataSource } from 'typeorm';
import { READ_MODELS } from '../infra/tokens.js';
import { orderNotFound } from '../orders/shared/order-errors.js';
import { ContractDocuments } from './contract-documents.js';
import { type ContractView, GetContractQuery } from './get-contract.query.js';

@QueryHandler(GetContractQuery)
export class GetContractHandler implements IQueryHandler<GetContractQuery> {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: DataSource,
    private readonly documents: ContractDocuments,
  ) {}

  async execute({ orderId }: GetContractQuery): Promise<ContractView> {
    const row = await this.readModels
      .getRepository(OrderDetailRow)
      .findOne({ where: { orderId }, select: { state: true } });
    if (!row) throw orderNotFound();
    const { contract } = row.state;
    const hash = contract.documentSha256 ?? contract.issuedSha256;
    if (!hash)
      throw new DomainError(
        ErrorCode.CONTRACT_NOT_ISSUED,
        "Le contrat n'est pas encore établi.",
        'not_found',
      );
    return {
      html: await this.documents.find(hash),
      documentSha256: hash,
      issuedAt: contract.issuedAt,
      signed: contract.signed,
      signedAt: contract.signedAt,
      signerName: contract.signerName,
    };
  }
}
