import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Request } from 'express';
import { AdminAccounts } from './admin-accounts.js';
import { bearerToken } from './admin.guard.js';
import { ApiError } from '../infra/http/api-errors.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const OPEN_TO_AUDITORS = 'open-to-auditors';

/**
 * A write an auditor may still send: only what ends their own session (logging out). Every use is
 * listed by the route-table test, so a new one cannot slip in unnoticed.
 */
export const OpenToAuditors = () => SetMetadata(OPEN_TO_AUDITORS, true);

type Target = ReturnType<ExecutionContext['getHandler']>;

export const isOpenToAuditors = (reflector: Reflector, handler: Target, controller: Target): boolean =>
  reflector.getAllAndOverride<boolean | undefined>(OPEN_TO_AUDITORS, [handler, controller]) === true;

/**
 * Auditors read, never write, whatever the route: a global guard (it runs before every route's own
 * guards and before validation), so a route added later is covered without anyone remembering it.
 * Any request other than GET/HEAD/OPTIONS that carries an auditor's bearer token is refused with
 * 403, on back-office routes and equally on public and client routes. A request without the token
 * is not an auditor's as far as the API can know: it is judged by the route's own rules.
 *
 * A read may still leave a trace: downloading an order's evidence bundle (a GET) records
 * EvidenceBundleExported in the order's stream, for auditors too. That is the audit record of a
 * read, which changes nothing in the order (decision 20, docs/adr/), not a write this guard lets by.
 */
@Injectable()
export class AuditorReadOnlyGuard implements CanActivate {
  constructor(
    private readonly accounts: AdminAccounts,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<Request>();
    if (READS.has(request.method)) return true;
    const token = bearerToken(request);
    if (!token || isOpenToAuditors(this.reflector, context.getHandler(), context.getClass())) return true;
    const user = await this.accounts.userOfToken(token);
    if (user?.role === 'auditor')
      throw new ApiError(
        403,
        ErrorCode.ADMIN_FORBIDDEN,
        'Votre rôle d’auditeur permet de consulter, pas de modifier.',
      );
    return true;
  }
}
