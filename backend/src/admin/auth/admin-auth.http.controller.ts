import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { Body, Controller, Get, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { type Request } from 'express';
import { ApiError } from '../../infra/http/api-errors.js';
import { RateLimit, RateLimitGuard } from '../../infra/http/rate-limit.js';
import { AdminAccounts } from './admin-accounts.js';
import { AdminLoginRequestDto } from './admin-auth.request.dto.js';
import { bearerToken } from './admin.guard.js';

/** Spec §7.2 login, check and logout; accounts are named (DESIGN §8), so the login also takes an email. */
@Controller('api/admin')
export class AdminAuthHttpController {
  constructor(private readonly accounts: AdminAccounts) {}

  @Post('login')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('adminLogin')
  async login(@Body() body: AdminLoginRequestDto) {
    const session = await this.accounts.login(body.email, body.password);
    if (!session) throw new ApiError(401, ErrorCode.ADMIN_INVALID_CREDENTIALS, 'Mot de passe incorrect');
    return { success: true, token: session.token, user: session.user, message: 'Connexion réussie' };
  }

  /** Says whether the browser's token still works (the SPA drops it otherwise). */
  @Get('check')
  async check(@Req() request: Request) {
    const token = bearerToken(request);
    const user = token ? await this.accounts.userOfToken(token) : null;
    return { isAuthenticated: user !== null, user };
  }

  @Post('logout')
  @HttpCode(200)
  async logout(@Req() request: Request) {
    const token = bearerToken(request);
    if (token) await this.accounts.revoke(token);
    return { success: true };
  }
}
