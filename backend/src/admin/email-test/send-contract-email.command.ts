import { Command } from '@nestjs/cqrs';

export interface ContractEmailResult {
  readonly success: boolean;
  readonly message: string;
  readonly order: { readonly id: string };
}

/** Sends an order's contract email again, to its contact (the /email-test page). */
export class SendContractEmailCommand extends Command<ContractEmailResult> {
  constructor(readonly orderId: string) {
    super();
  }
}
