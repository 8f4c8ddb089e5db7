import { type OrderView } from '@coseso/domain/orders/order-view';

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
