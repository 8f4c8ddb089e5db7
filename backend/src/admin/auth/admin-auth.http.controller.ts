import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, schema } from '../../infra/http/api-schemas.js';
import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { ApiError } from '../../infra/http/api-errors.js';
import { OpenToAuditors } from '../../audit/auditor-read-only.guard.js';
import { RateLimit, RateLimitGuard } from '../../infra/http/rate-limit.js';
import { SignInThrottle } from '../../infra/security/sign-in-throttle.js';
import { AdminAccounts } from './admin-accounts.js';
import { AdminLoginRequestDto } from './admin-auth.request.dto.js';
import { bearerToken } from './admin.guard.js';

/** Spec §7.2 login, check and logout; accounts are named, so the login also takes an email. */
@ApiTags('Back-office')
@Controller('api/admin')
export class AdminAuthHttpController {
  constructor(
    private readonly accounts: AdminAccounts,
    private readonly throttle: SignInThrottle,
  ) {}

  @ApiAnswer(
    schema.object({
      success: schema.boolean(),
      token: schema.string('Bearer token'),
      user: schema.object({
        id: schema.string(),
        email: schema.string(),
        role: schema.oneOf(['admin', 'auditor']),
      }),
      message: schema.string(),
    }),
  )
  @Post('login')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('adminLogin')
  async login(@Body() body: AdminLoginRequestDto, @Res({ passthrough: true }) response: Response) {
    await this.throttle.attempt('admin', body.email, response);
    const session = await this.accounts.login(body.email, body.password);
    if (!session) throw new ApiError(401, ErrorCode.ADMIN_INVALID_CREDENTIALS, 'Mot de passe incorrect');
    await this.throttle.clear('admin', body.email);
    return { success: true, token: session.token, user: session.user, message: 'Connexion réussie' };
  }

  /** Says whether the browser's token still works (the SPA drops it otherwise). */
  @ApiBearerAuth('back-office')
  @ApiAnswer(
    schema.object({
      isAuthenticated: schema.boolean(),
      user: schema.nullable(
        schema.object({
          id: schema.string(),
          email: schema.string(),
          role: schema.oneOf(['admin', 'auditor']),
        }),
      ),
    }),
  )
  @Get('check')
  async check(@Req() request: Request) {
    const token = bearerToken(request);
    const user = token ? await this.accounts.userOfToken(token) : null;
    return { isAuthenticated: user !== null, user };
  }

  @ApiBearerAuth('back-office')
  @ApiAnswer(schema.object({ success: schema.boolean() }))
  @Post('logout')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('logout')
  @OpenToAuditors() // ending one's own session writes nothing of the business
  async logout(@Req() request: Request) {
    const token = bearerToken(request);
    if (token) await this.accounts.revoke(token);
    return { success: true };
  }
}
