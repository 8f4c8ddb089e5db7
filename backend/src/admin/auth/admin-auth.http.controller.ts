import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiRefusal, schema } from '../../infra/http/api-schemas.js';
import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { ApiError } from '../../infra/http/api-errors.js';
import { OpenToAuditors } from '../../auth/auditor-read-only.guard.js';
import { RateLimit, RateLimitGuard } from '../../infra/http/rate-limit.js';
import { SignInThrottle } from '../../infra/security/sign-in-throttle.js';
import { AdminAccounts } from '../../auth/admin-accounts.js';
import { AdminSetPasswordRequestDto, CheckTokenRequestDto } from '../../accounts/auth/auth.request.dto.js';
import { FORGOT_PASSWORD_ANSWER, invalidToken } from '../../accounts/auth/auth-errors.js';
import { AdminForgotPasswordRequestDto, AdminLoginRequestDto } from './admin-auth.request.dto.js';
import { AdminPasswordResetJob } from './admin-password-reset.job.js';
import { bearerToken } from '../../auth/admin.guard.js';

/** A signed-in back-office user: the header shows `name` (the account's, else its role), not the address. */
const adminUserSchema = schema.object({
  id: schema.string(),
  email: schema.string(),
  name: schema.string("The account's name, else its role in French"),
  role: schema.oneOf(['admin', 'auditor']),
});

/** The answer of a sign-in (the login, and a password chosen through a link): the bearer token and who it is. */
const signedInSchema = schema.object({
  success: schema.boolean(),
  token: schema.string('Bearer token'),
  user: adminUserSchema,
  message: schema.string(),
});
const signedIn = <User>(session: { token: string; user: User }, message: string) => ({
  success: true,
  token: session.token,
  user: session.user,
  message,
});

/** Spec §7.2 login, check and logout; accounts are named, so the login also takes an email. */
@ApiTags('Back-office')
@Controller('api/admin')
export class AdminAuthHttpController {
  constructor(
    private readonly accounts: AdminAccounts,
    private readonly throttle: SignInThrottle,
    private readonly passwordReset: AdminPasswordResetJob,
  ) {}

  @ApiAnswer(signedInSchema)
  @ApiRefusal(401, 'Mot de passe incorrect')
  @Post('login')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('adminLogin')
  async login(
    @Body() body: AdminLoginRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const attempt = await this.throttle.attempt('admin', body.email, request, response);
    const session = await this.accounts.login(body.email, body.password);
    if (!session) throw new ApiError(401, ErrorCode.ADMIN_INVALID_CREDENTIALS, 'Mot de passe incorrect');
    await this.throttle.succeeded('admin', body.email, attempt, response);
    return signedIn(session, 'Connexion réussie');
  }

  /** « Mot de passe oublié » of the back-office: the client area's rules, the same answer for every address. */
  @ApiAnswer(
    schema.object({ success: schema.boolean(), message: schema.string() }),
    'Toujours la même réponse, que le compte existe ou non',
  )
  @Post('forgot-password')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('passwordReset')
  async forgotPassword(@Body() body: AdminForgotPasswordRequestDto) {
    await this.passwordReset.request(body.email, randomUUID());
    return { success: true, message: FORGOT_PASSWORD_ANSWER };
  }

  /** Whether a back-office reset link still works, without using it (its page says so on load). */
  @ApiAnswer(schema.object({ valid: schema.boolean() }), 'Le lien est encore valable')
  @Post('check-token')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('tokenCheck')
  async checkToken(@Body() body: CheckTokenRequestDto) {
    if (!(await this.accounts.isResetTokenUsable(body.token))) throw invalidToken();
    return { valid: true };
  }

  /**
   * Chooses a new password through an emailed reset link (1 hour, once): the account's sessions and
   * other links end, its lock on unknown devices too; then signs in as the login does.
   */
  @ApiAnswer(signedInSchema, 'Mot de passe choisi, connecté')
  @Post('set-password')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('passwordSet')
  async setPassword(
    @Body() body: AdminSetPasswordRequestDto,
    @Res({ passthrough: true }) response: Response,
  ) {
    const admin = await this.accounts.resetWithToken(body.token, body.password);
    if (!admin) throw invalidToken();
    await this.throttle.clear('admin', admin.email);
    const session = await this.accounts.login(admin.email, body.password);
    if (!session) throw invalidToken();
    this.throttle.rememberDevice('admin', admin.email, response);
    return signedIn(session, 'Mot de passe enregistré');
  }

  /** Says whether the browser's token still works (the SPA drops it otherwise). */
  @ApiBearerAuth('back-office')
  @ApiAnswer(
    schema.object({
      isAuthenticated: schema.boolean(),
      user: schema.nullable(adminUserSchema),
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
