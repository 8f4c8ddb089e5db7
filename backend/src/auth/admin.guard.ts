import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Request } from 'express';
import { ApiError } from '../infra/http/api-errors.js';
import { type AdminRole, type AdminUser, AdminAccounts } from './admin-accounts.js';

type AdminRequest = Request & { admin?: AdminUser; adminToken?: string };

const ROLES = 'admin-roles';
/** Who may call a back-office route; without it, any back-office account (admins and auditors). */
export const AdminRoles = (...roles: AdminRole[]) => SetMetadata(ROLES, roles);

export const bearerToken = (request: Request): string | null => {
  const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(request.header('authorization') ?? '');
  return match?.[1] ?? null;
};

/** Back-office routes: a valid bearer token (401 otherwise) of an account with the role asked (403). */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(
    private readonly accounts: AdminAccounts,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AdminRequest>();
    const token = bearerToken(request);
    const admin = token ? await this.accounts.userOfToken(token) : null;
    if (!admin)
      throw new ApiError(
        401,
        ErrorCode.ADMIN_UNAUTHENTICATED,
        'Accès restreint : connectez-vous au back-office.',
      );
    const roles = this.reflector.getAllAndOverride<AdminRole[] | undefined>(ROLES, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (roles && !roles.includes(admin.role))
      throw new ApiError(403, ErrorCode.ADMIN_FORBIDDEN, 'Votre rôle ne permet pas cette action.');
    request.admin = admin;
    return true;
  }
}
