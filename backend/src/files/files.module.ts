import { type Clock } from '@coseso/domain/shared/clock';
import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { type AppConfig } from '../config/app-config.js';
import { APP_CONFIG, CLOCK } from '../infra/tokens.js';
import { DownloadFileHttpController } from './download-file.http.controller.js';
import { FILE_STORAGE, type FileStorage } from './file-storage.js';
import { openFileStorage } from './open-file-storage.js';
import { DownloadLinkSigner } from './signed-links.js';

/** Where brief files are kept (local folder or S3) and the signed-link route of the local folder. */
@Global()
@Module({
  controllers: [DownloadFileHttpController],
  providers: [
    {
      provide: DownloadLinkSigner,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new DownloadLinkSigner(config.SESSION_SECRET),
    },
    {
      provide: FILE_STORAGE,
      inject: [APP_CONFIG, DownloadLinkSigner, CLOCK],
      useFactory: (config: AppConfig, signer: DownloadLinkSigner, clock: Clock) =>
        openFileStorage(config, signer, clock),
    },
  ],
  exports: [FILE_STORAGE, DownloadLinkSigner],
})
export class FilesModule implements OnApplicationShutdown {
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  onApplicationShutdown(): void {
    this.storage.destroy?.();
  }
}
