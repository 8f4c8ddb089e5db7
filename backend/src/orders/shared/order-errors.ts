import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { DomainError } from '@coseso/domain/shared/domain-error';

/** Unknown, or not the asker's to see: the same 404, so ids cannot be probed. */
export const orderNotFound = () =>
  new DomainError(ErrorCode.ORDER_NOT_FOUND, 'Commande introuvable', 'not_found');
