import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { ApiError } from '../../infra/http/api-errors.js';

/** A one-time link that is unknown, used or expired. */
export const invalidToken = () =>
  new ApiError(
    400,
    ErrorCode.AUTH_INVALID_TOKEN,
    'Ce lien n’est plus valide. Demandez un nouveau lien depuis « Mot de passe oublié ».',
  );
