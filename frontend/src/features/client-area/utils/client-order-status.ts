import { type OrderView } from '@coseso/domain/orders/order-view';

export type ContractStep = 'unpaid' | 'preparing' | 'to-sign' | 'signed' | 'none';

/**
 * Where the order's contract stands, for the card's action. A cancelled order's contract that was
 * never signed is no longer to sign, nor to come: there is none to speak of.
 */
export function contractStep({
  status,
  depositPaid,
  contractIssued,
  contractSigned,
}: Pick<OrderView, 'status' | 'depositPaid' | 'contractIssued' | 'contractSigned'>): ContractStep {
  if (contractSigned) return 'signed';
  if (status === 'cancelled') return 'none';
  if (!depositPaid) return 'unpaid';
  return contractIssued ? 'to-sign' : 'preparing';
}
