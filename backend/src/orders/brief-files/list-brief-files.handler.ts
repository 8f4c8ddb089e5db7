import { BRIEF_LIMITS } from '@coseso/domain/orders/decider/brief.decider';
import { type BriefFile, type OrderState } from '@coseso/domain/orders/order-state';
import { briefFileCategories } from '@coseso/event-schemas/order/order-keys';
import { type BriefFileCategory } from '@coseso/event-schemas/order/order-values';
import { OrderDetailRow } from '@coseso/projections/read-models/order-views/order-detail.entity';
import { type Clock, systemClock } from '@coseso/domain/shared/clock';
import { Inject, Optional } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type DataSource } from 'typeorm';
import { type AppConfig } from '../../config/app-config.js';
import { FILE_STORAGE, type FileStorage } from '../../files/file-storage.js';
import { APP_CONFIG, CLOCK, READ_MODELS } from '../../infra/tokens.js';
import { type BriefFileList, ListBriefFilesQuery, type ListedBriefFile } from './list-brief-files.query.js';

const MB = 1024 * 1024;

@QueryHandler(ListBriefFilesQuery)
export class ListBriefFilesHandler implements IQueryHandler<ListBriefFilesQuery> {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  async execute({ orderId }: ListBriefFilesQuery): Promise<BriefFileList | null> {
    const row = await this.readModels
      .getRepository(OrderDetailRow)
      .findOne({ where: { orderId }, select: { state: true } });
    if (!row) return null;
    const { files } = (row.state as OrderState).brief;
    const expiresInSeconds = this.config.FILE_LINK_TTL_SECONDS;
    const urlExpiresAt = new Date(this.clock.now().getTime() + expiresInSeconds * 1000).toISOString();
    const listed = await Promise.all(
      files.map(async (file: BriefFile): Promise<ListedBriefFile> => ({
        filename: file.storedName,
        originalName: file.originalName,
        size: file.size,
        uploadDate: file.uploadedAt,
        type: file.kind,
        category: file.category,
        mimeType: file.mimeType,
        url: await this.storage.downloadUrl(file.storedName, {
          fileName: file.originalName,
          contentType: file.mimeType,
          expiresInSeconds,
        }),
        urlExpiresAt,
      })),
    );
    const byCategory = Object.fromEntries(
      briefFileCategories.map((c) => [c, [] as ListedBriefFile[]]),
    ) as Record<BriefFileCategory, ListedBriefFile[]>;
    for (const file of listed) byCategory[file.category].push(file);
    const used = files.reduce((sum, f) => sum + f.size, 0);
    return {
      files: byCategory,
      storageUsed: Math.round((used / MB) * 100) / 100,
      storageLimit: BRIEF_LIMITS.maxTotalBytes / MB,
      fileCount: files.length,
      maxFiles: BRIEF_LIMITS.maxFiles,
    };
  }
}
