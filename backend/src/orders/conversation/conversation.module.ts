import { Module } from '@nestjs/common';
import { AccountsModule } from '../../accounts/accounts.module.js';
import { AuthModule } from '../../auth/auth.module.js';
import { RateLimitGuard } from '../../infra/http/rate-limit.js';
import { WriteSideModule } from '../../write-side/write-side.module.js';
import { AdminMessagesHttpController } from './admin-messages.http.controller.js';
import { ClientMessagesHttpController } from './client-messages.http.controller.js';
import { ListMessagesHandler, UnreadByTeamHandler } from './list-messages.handler.js';
import { MessageFilesInterceptor } from './message-files.interceptor.js';
import { OrderIdParamGuard } from './order-id-param.guard.js';
import { PostMessageHandler } from './post-message.handler.js';
import { ConversationWrites } from './conversation-writes.js';
import { MessageEmailWindows } from './emails/message-email-windows.js';
import { MessageEmailJobs } from './emails/message-email.job.js';

/** The conversation of each order between its client and the team, and its emails. */
@Module({
  imports: [WriteSideModule, AccountsModule, AuthModule],
  controllers: [ClientMessagesHttpController, AdminMessagesHttpController],
  providers: [
    RateLimitGuard,
    MessageFilesInterceptor,
    OrderIdParamGuard,
    PostMessageHandler,
    ConversationWrites,
    ListMessagesHandler,
    UnreadByTeamHandler,
    MessageEmailWindows,
    MessageEmailJobs,
  ],
})
export class ConversationModule {}
