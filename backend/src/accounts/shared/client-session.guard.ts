import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { type CanActivate, type ExecutionContext, Injectable, createParamDecorator } from '@nestjs/common';
import { type Request } from 'express';
import { ApiError } from '../../infra/http/api-errors.js';
import { AccountStore } from './account-store.js';
import { readSessionCookie } from './session-cookie.js';

type ClientRequest = Request & { clientId?: string };

/** Lets only a signed-in client through; the handler then knows who with @CurrentClient(). */
@Injectable()
export class ClientSessionGuard implements CanActivate {
  constructor(private readonly accounts: AccountStore) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<ClientRequest>();
    const session = readSessionCookie(request);
    const clientId = session ? await this.accounts.sessionClient(session) : null;
    if (!clientId)
      throw new ApiError(401, ErrorCode.AUTH_UNAUTHENTICATED, 'Non autorisé : vous devez être connecté.');
    request.clientId = clientId;
    return true;
  }
}

export const CurrentClient = createParamDecorator((_: unknown, context: ExecutionContext) => {
  return context.switchToHttp().getRequest<ClientRequest>().clientId!;
});
