import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { ApiError } from '../../infra/http/api-errors.js';

/** A one-time link that is unknown, used or expired. */
export const invalidToken = () =>
  new ApiError(
    400,
    ErrorCode.AUTH_INVALID_TOKEN,
    'Ce lien n’est plus valide. Demandez un nouveau lien depuis « Mot de passe oublié ».',
  );

/** « Mot de passe oublié »'s one answer, whether or not the account exists (clients and team alike). */
export const FORGOT_PASSWORD_ANSWER =
  'Si un compte existe avec cet email, un lien pour choisir un nouveau mot de passe vient de vous être envoyé.';
