import { EMAIL_MAX_LENGTH } from '@coseso/domain/orders/order-form-rules';
import { Body, Controller, Get, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { type Request } from 'express';
import { z } from 'zod';
import { ApiError } from '../../infra/http/api-errors.js';
import { RateLimit, RateLimitGuard } from '../../infra/http/rate-limit.js';
import { AdminAccounts } from './admin-accounts.js';
import { bearerToken } from './admin.guard.js';

const loginRequest = z.object({
  email: z.string().trim().min(1, "L'email est requis").max(EMAIL_MAX_LENGTH),
  password: z.string().min(1, 'Le mot de passe est requis').max(200),
});

/** Spec §7.2 login, check and logout; accounts are named, so the login also takes an email. */
@Controller('api/admin')
export class AdminAuthHttpController {
  constructor(private readonly accounts: AdminAccounts) {}

  @Post('login')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('adminLogin')
  async login(@Body({ schema: loginRequest }) body: z.output<typeof loginRequest>) {
    const session = await this.accounts.login(body.email, body.password);
    if (!session) throw new ApiError(401, 'ADMIN.INVALID_CREDENTIALS', 'Mot de passe incorrect');
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
