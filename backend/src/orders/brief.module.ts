import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { ClientFilesHttpController } from './brief-files/client-files.http.controller.js';
import { ListBriefFilesHandler } from './brief-files/list-brief-files.handler.js';
import { AuthModule } from '../auth/auth.module.js';
import { AdminOrderFilesHttpController } from './brief-files/admin-order-files.http.controller.js';
import { WriteSideModule } from '../write-side/write-side.module.js';
import { DeleteBriefFileHandler } from './delete-brief-file/delete-brief-file.handler.js';
import { DeleteBriefFileHttpController } from './delete-brief-file/delete-brief-file.http.controller.js';
import { ReviewOrderHandler } from './review-order/review-order.handler.js';
import { ReviewOrderHttpController } from './review-order/review-order.http.controller.js';
import { SubmitBriefHandler } from './submit-brief/submit-brief.handler.js';
import { SubmitBriefHttpController } from './submit-brief/submit-brief.http.controller.js';
import { UploadBriefFilesHandler } from './upload-brief-file/upload-brief-files.handler.js';
import { UploadBriefFilesHttpController } from './upload-brief-file/upload-brief-files.http.controller.js';
import { MultipartFilesInterceptor } from './upload-brief-file/multipart-files.interceptor.js';
import { BriefRoomHandler } from './upload-brief-file/brief-room.handler.js';

/** The client's side of the brief and the review: files, submission, the answer to a preview. */
@Module({
  imports: [WriteSideModule, AccountsModule, AuthModule],
  controllers: [
    UploadBriefFilesHttpController,
    DeleteBriefFileHttpController,
    ClientFilesHttpController,
    AdminOrderFilesHttpController,
    SubmitBriefHttpController,
    ReviewOrderHttpController,
  ],
  providers: [
    MultipartFilesInterceptor,
    BriefRoomHandler,
    UploadBriefFilesHandler,
    DeleteBriefFileHandler,
    ListBriefFilesHandler,
    SubmitBriefHandler,
    ReviewOrderHandler,
  ],
})
export class BriefModule {}
