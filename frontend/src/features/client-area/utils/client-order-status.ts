import { type OrderView } from '@coseso/domain/orders/order-view';
import { adminStatusLabels } from '@coseso/domain/orders/order-status';

type StatusFacts = Pick<OrderView, 'status' | 'depositPaid' | 'contractIssued'>;

/**
 * The status badge of the client area: the back-office labels, except where they would mislead a
 * client. "Paiement requis" stays true only until the first payment; the delivery labels are the
 * spec's client-side ones.
 */
export function clientStatusLabel({ status, depositPaid, contractIssued }: StatusFacts): string {
  switch (status) {
    case 'contract_ready_for_signature':
      if (!depositPaid) return adminStatusLabels[status];
      return contractIssued ? 'Contrat à signer' : 'Contrat en préparation';
    case 'ready_for_delivery':
      return 'En attente de livraison';
    case 'delivered':
      return 'Site livré';
    default:
      return adminStatusLabels[status];
  }
}

export type ContractStep = 'unpaid' | 'preparing' | 'to-sign' | 'signed';

/** Where the order's contract stands, for the card's action. */
export function contractStep({
  depositPaid,
  contractIssued,
  contractSigned,
}: Pick<OrderView, 'depositPaid' | 'contractIssued' | 'contractSigned'>): ContractStep {
  if (contractSigned) return 'signed';
  if (!depositPaid) return 'unpaid';
  return contractIssued ? 'to-sign' : 'preparing';
}
