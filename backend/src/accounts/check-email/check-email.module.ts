import { Module } from '@nestjs/common';
import { RateLimitGuard } from '../../infra/http/rate-limit.js';
import { CheckEmailHandler } from './check-email.handler.js';
import { CheckEmailHttpController } from './check-email.http.controller.js';

@Module({ controllers: [CheckEmailHttpController], providers: [RateLimitGuard, CheckEmailHandler] })
export class CheckEmailModule {}
