import { Query } from '@nestjs/cqrs';

export interface ContractView {
  readonly html: string | null;
  readonly documentSha256: string;
  readonly issuedAt: string | null;
  readonly signed: boolean;
  readonly signedAt: string | null;
  readonly signerName: string | null;
}

/** The order's contract: the signed document once signed, else the one issued to sign. */
export class GetContractQuery extends Query<ContractView> {
  constructor(readonly orderId: string) {
    super();
  }
}
