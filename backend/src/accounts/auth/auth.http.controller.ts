import { ApiCookieAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiRefusal, schema } from '../../infra/http/api-schemas.js';
import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { type Request, type Response } from 'express';
import { type AppConfig } from '../../config/app-config.js';
import { ApiError } from '../../infra/http/api-errors.js';
import { RateLimit, RateLimitGuard } from '../../infra/http/rate-limit.js';
import { SignInThrottle } from '../../infra/security/sign-in-throttle.js';
import { APP_CONFIG } from '../../infra/tokens.js';
import { AccountStore } from '../shared/account-store.js';
import { GetClientProfileQuery } from '../shared/get-client-profile.query.js';
import {
  CheckTokenRequestDto,
  ForgotPasswordRequestDto,
  LoginRequestDto,
  SetPasswordRequestDto,
} from './auth.request.dto.js';
import { FORGOT_PASSWORD_ANSWER, invalidToken } from './auth-errors.js';
import { PasswordResetJob } from './password-reset.job.js';
import { SetPasswordCommand } from './set-password.command.js';
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from '../shared/session-cookie.js';

/** The client area's sign-in (spec §2 /auth, §7; docs/architecture.md §5). */
@ApiTags('Client area: sign-in')
@Controller('api/auth')
@UseGuards(RateLimitGuard)
export class AuthHttpController {
  // A field, not a getter: the API document's scanner reads every member of the prototype.
  private readonly secure: boolean;

  constructor(
    private readonly accounts: AccountStore,
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
    private readonly throttle: SignInThrottle,
    private readonly passwordReset: PasswordResetJob,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.secure = config.NODE_ENV === 'production';
  }

  private profile(clientId: string) {
    return this.queries.execute(new GetClientProfileQuery(clientId));
  }

  @ApiAnswer(
    schema.object({
      user: schema.object({
        id: schema.string(),
        email: schema.string(),
        firstName: schema.string(),
        lastName: schema.string(),
      }),
    }),
    'Connecté : le cookie de session est posé',
  )
  @ApiRefusal(401, 'Email ou mot de passe incorrect')
  @Post('login')
  @HttpCode(200)
  @RateLimit('login')
  async login(
    @Body() body: LoginRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const attempt = await this.throttle.attempt('client', body.email, request, response);
    const clientId = await this.accounts.checkPassword(body.email, body.password);
    const user = clientId ? await this.profile(clientId) : null;
    if (!clientId || !user)
      throw new ApiError(401, ErrorCode.AUTH_INVALID_CREDENTIALS, 'Email ou mot de passe incorrect');
    await this.throttle.succeeded('client', body.email, attempt, response);
    writeSessionCookie(response, await this.accounts.openSession(clientId), this.secure);
    return { user };
  }

  @ApiCookieAuth('client-session')
  @ApiAnswer(schema.object({ success: schema.boolean() }), 'Déconnecté (même sans session)')
  @Post('logout')
  @HttpCode(200)
  @RateLimit('logout')
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const session = readSessionCookie(request);
    if (session) await this.accounts.closeSession(session);
    clearSessionCookie(response, this.secure);
    return { success: true };
  }

  /** The signed-in client, or 401 (the SPA reads that as "nobody"). */
  @ApiCookieAuth('client-session')
  @ApiAnswer(
    schema.object({
      user: schema.object({
        id: schema.string(),
        email: schema.string(),
        firstName: schema.string(),
        lastName: schema.string(),
      }),
    }),
    'Le client connecté',
  )
  @ApiResponse({ status: 401, description: 'Personne n’est connecté', schema: schema.ref('ApiError') })
  @Get('user')
  async user(@Req() request: Request) {
    const session = readSessionCookie(request);
    const clientId = session ? await this.accounts.sessionClient(session) : null;
    const user = clientId ? await this.profile(clientId) : null;
    if (!user)
      throw new ApiError(401, ErrorCode.AUTH_UNAUTHENTICATED, 'Non autorisé : vous devez être connecté.');
    return { user };
  }

  /** Same answer whether or not the account exists: the form must not reveal who is a client. */
  @ApiAnswer(
    schema.object({ success: schema.boolean(), message: schema.string() }),
    'Toujours la même réponse, que le compte existe ou non',
  )
  @Post('forgot-password')
  @HttpCode(200)
  @RateLimit('passwordReset')
  async forgotPassword(@Body() body: ForgotPasswordRequestDto) {
    // The same work for every address (the lookup, the link and the email are the job's), so the
    // answer's timing says nothing of who has an account and the mailer's refusal never reaches it.
    await this.passwordReset.request(body.email, randomUUID());
    return { success: true, message: FORGOT_PASSWORD_ANSWER };
  }

  /**
   * Whether a set-password link still works, so that its page says so on load rather than after the
   * password is typed. The token travels in the body: request logs never hold it.
   */
  @ApiAnswer(schema.object({ valid: schema.boolean() }), 'Le lien est encore valable')
  @Post('check-token')
  @HttpCode(200)
  @RateLimit('tokenCheck')
  async checkToken(@Body() body: CheckTokenRequestDto) {
    if (!(await this.accounts.isTokenUsable(body.token))) throw invalidToken();
    return { valid: true };
  }

  /** Chooses the password through a one-time link (account email: 7 days; reset: 1 hour), then signs in. */
  @ApiAnswer(
    schema.object({
      user: schema.object({
        id: schema.string(),
        email: schema.string(),
        firstName: schema.string(),
        lastName: schema.string(),
      }),
    }),
    'Mot de passe choisi, client connecté',
  )
  @Post('set-password')
  @HttpCode(200)
  @RateLimit('passwordSet')
  async setPassword(@Body() body: SetPasswordRequestDto, @Res({ passthrough: true }) response: Response) {
    const { clientId } = await this.commands.execute(new SetPasswordCommand(body.token, body.password));
    writeSessionCookie(response, await this.accounts.openSession(clientId), this.secure);
    const user = await this.profile(clientId);
    // The link proved the mailbox is the owner's: a lock on the account's sign-in ends here, and
    // this browser is one of the owner's devices.
    if (user) {
      await this.throttle.clear('client', user.email);
      this.throttle.rememberDevice('client', user.email, response);
    }
    return { user };
  }
}
