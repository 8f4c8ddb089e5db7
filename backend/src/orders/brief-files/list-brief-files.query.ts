import { type BriefFileCategory } from '@coseso/event-schemas/order/order-values';
import { Query } from '@nestjs/cqrs';

export interface ListedBriefFile {
  /** The name it is stored under: what DELETE /api/client/files/:filename takes. */
  readonly filename: string;
  readonly originalName: string;
  readonly size: number;
  readonly uploadDate: string;
  readonly type: 'image' | 'document';
  readonly category: BriefFileCategory;
  readonly mimeType: string;
  /** A short-lived signed link that downloads it. */
  readonly url: string;
  readonly urlExpiresAt: string;
}

export interface BriefFileList {
  readonly files: Record<BriefFileCategory, ListedBriefFile[]>;
  /** In MB (two decimals), of the 50 an order may hold. */
  readonly storageUsed: number;
  readonly storageLimit: number;
  readonly fileCount: number;
  readonly maxFiles: number;
}

/** An order's brief files by category, from the order-detail read model; null for an unknown order. */
export class ListBriefFilesQuery extends Query<BriefFileList | null> {
  constructor(readonly orderId: string) {
    super();
  }
}
