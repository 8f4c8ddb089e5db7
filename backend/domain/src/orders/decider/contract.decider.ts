import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import { DomainError } from '../../shared/domain-error.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { type OrderCommandOf } from '../order-commands.js';
import { type OrderState } from '../order-state.js';
import { type GuardedBy, commandsOf, eventsOf, required } from './decider-guards.js';

/** The contract: issued once the first payment is in, signed as issued. */
export const isContractCommand = commandsOf('IssueContract', 'SignContract');
export const isContractEvent = eventsOf('ContractIssued', 'ContractSigned');

export function decideContract(
  command: GuardedBy<typeof isContractCommand>,
  state: OrderState,
): OrderEvent[] {
  switch (command.type) {
    case 'IssueContract':
      return issueContract(command, state);
    case 'SignContract':
      return signContract(command, state);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export function evolveContract(s: OrderState, event: GuardedBy<typeof isContractEvent>): OrderState {
  switch (event.type) {
    case 'ContractIssued':
      return {
        ...s,
        contract: {
          ...s.contract,
          issuedSha256: event.data.documentSha256,
          issuedAt: event.metadata.occurredAt,
        },
      };
    case 'ContractSigned':
      return {
        ...s,
        status: 'contract_signed',
        contract: {
          ...s.contract,
          signed: true,
          signedAt: event.data.signedAt,
          signerName: event.data.signerName,
          documentSha256: event.data.documentSha256,
          forced: false,
        },
      };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

function issueContract(command: OrderCommandOf<'IssueContract'>, state: OrderState): OrderEvent[] {
  if (!state.depositPaid) {
    throw new DomainError(
      ErrorCode.ORDER_PAYMENT_REQUIRED,
      'Le contrat est établi après le premier paiement.',
      'conflict',
    );
  }
  if (state.contract.issuedSha256 === command.documentSha256) return [];
  return [
    {
      type: 'ContractIssued',
      data: { documentSha256: command.documentSha256, templateVersion: command.templateVersion },
    },
  ];
}

function signContract(command: OrderCommandOf<'SignContract'>, state: OrderState): OrderEvent[] {
  if (!state.depositPaid) {
    throw new DomainError(
      ErrorCode.ORDER_PAYMENT_REQUIRED,
      "Le contrat ne peut être signé qu'après le premier paiement.",
      'conflict',
    );
  }
  // A signature is of the document shown: none before it is issued, and only that one.
  if (!state.contract.issuedSha256) {
    throw new DomainError(
      ErrorCode.ORDER_CONTRACT_NOT_READY,
      "Le contrat n'est pas encore prêt : veuillez réessayer dans quelques instants.",
      'conflict',
    );
  }
  if (state.contract.issuedSha256 !== command.documentSha256) {
    throw new DomainError(
      ErrorCode.ORDER_CONTRACT_CHANGED,
      'Le contrat a changé : veuillez le relire avant de le signer.',
      'conflict',
    );
  }
  return [
    {
      type: 'ContractSigned',
      data: {
        signerName: required(command.signerName, 'signerName', 'Le nom du signataire est requis'),
        documentSha256: command.documentSha256,
        signedAt: command.now,
        ip: command.ip,
      },
    },
  ];
}
