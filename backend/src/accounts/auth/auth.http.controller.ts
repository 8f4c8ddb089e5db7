import { clientStreamId } from '@coseso/domain/events/event-reader';
import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { randomUUID } from 'node:crypto';
import { type EventStore } from '@coseso/event-store/event-store';
import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { type AppConfig } from '../../config/app-config.js';
import { EmailService } from '../../emails/email-service.js';
import { ApiError } from '../../infra/http/api-errors.js';
import { RateLimit, RateLimitGuard } from '../../infra/http/rate-limit.js';
import { APP_CONFIG, EVENT_STORE } from '../../infra/tokens.js';
import { AccountStore } from '../shared/account-store.js';
import { ClientProfiles } from '../shared/client-profiles.js';
import { ForgotPasswordRequestDto, LoginRequestDto, SetPasswordRequestDto } from './auth.request.dto.js';
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from '../shared/session-cookie.js';

const FORGOT_ANSWER =
  'Si un compte existe avec cet email, un lien pour choisir un nouveau mot de passe vient de vous être envoyé.';

/** The client area's sign-in (spec §2 /auth, §7; DESIGN §8). */
@Controller('api/auth')
@UseGuards(RateLimitGuard)
export class AuthHttpController {
  constructor(
    private readonly accounts: AccountStore,
    private readonly profiles: ClientProfiles,
    private readonly emails: EmailService,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get secure() {
    return this.config.NODE_ENV === 'production';
  }

  @Post('login')
  @HttpCode(200)
  @RateLimit('login')
  async login(@Body() body: LoginRequestDto, @Res({ passthrough: true }) response: Response) {
    const clientId = await this.accounts.checkPassword(body.email, body.password);
    const user = clientId ? await this.profiles.profile(clientId) : null;
    if (!clientId || !user)
      throw new ApiError(401, ErrorCode.AUTH_INVALID_CREDENTIALS, 'Email ou mot de passe incorrect');
    writeSessionCookie(response, await this.accounts.openSession(clientId), this.secure);
    return { user };
  }

  @Post('logout')
  @HttpCode(200)
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const session = readSessionCookie(request);
    if (session) await this.accounts.closeSession(session);
    clearSessionCookie(response, this.secure);
    return { success: true };
  }

  /** The signed-in client, or 401 (the SPA reads that as "nobody"). */
  @Get('user')
  async user(@Req() request: Request) {
    const session = readSessionCookie(request);
    const clientId = session ? await this.accounts.sessionClient(session) : null;
    const user = clientId ? await this.profiles.profile(clientId) : null;
    if (!user)
      throw new ApiError(401, ErrorCode.AUTH_UNAUTHENTICATED, 'Non autorisé : vous devez être connecté.');
    return { user };
  }

  /** Same answer whether or not the account exists: the form must not reveal who is a client. */
  @Post('forgot-password')
  @HttpCode(200)
  @RateLimit('passwordReset')
  async forgotPassword(@Body() body: ForgotPasswordRequestDto) {
    const clientId = await this.accounts.clientOfEmail(body.email);
    const user = clientId ? await this.profiles.profile(clientId) : null;
    if (clientId && user) {
      const token = await this.accounts.createToken(clientId, 'reset');
      await this.emails.send(
        'password-reset',
        user.email,
        {
          firstName: user.firstName,
          resetUrl: `${this.config.PUBLIC_URL}/auth/set-password?token=${encodeURIComponent(token)}`,
        },
        `reset:${randomUUID()}`,
      );
    }
    return { success: true, message: FORGOT_ANSWER };
  }

  /** Chooses the password through a one-time link (account email: 7 days; reset: 1 hour), then signs in. */
  @Post('set-password')
  @HttpCode(200)
  @RateLimit('passwordSet')
  async setPassword(@Body() body: SetPasswordRequestDto, @Res({ passthrough: true }) response: Response) {
    const link = await this.accounts.consumeToken(body.token);
    if (!link) {
      throw new ApiError(
        400,
        ErrorCode.AUTH_INVALID_TOKEN,
        'Ce lien n’est plus valide. Demandez un nouveau lien depuis « Mot de passe oublié ».',
      );
    }
    await this.accounts.setPassword(link.clientId, body.password);
    const commandId = randomUUID();
    await this.store.appendToStream(
      clientStreamId(link.clientId),
      [
        {
          type: 'ClientPasswordSet',
          schemaVersion: 1,
          data: { purpose: link.purpose === 'set' ? 'initial' : 'reset' },
          metadata: {
            actor: { kind: 'client', id: link.clientId },
            commandId,
            correlationId: commandId,
            causationId: commandId,
            occurredAt: new Date().toISOString(),
          },
        },
      ],
      { expectedRevision: 'any', commandId },
    );
    writeSessionCookie(response, await this.accounts.openSession(link.clientId), this.secure);
    return { user: await this.profiles.profile(link.clientId) };
  }
}
