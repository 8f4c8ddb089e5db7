import { attachmentNamesOf } from '@coseso/domain/orders/decider/conversation.decider';
import { ERASED } from '@coseso/event-schemas/personal-fields';
import { OrderConversationRow } from '@coseso/projections/read-models/conversation/order-conversation.entity';
import { OrderDetailRow } from '@coseso/projections/read-models/order-views/order-detail.entity';
import { OrderMessageRow } from '@coseso/projections/read-models/conversation/order-message.entity';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type DataSource } from 'typeorm';
import { type AppConfig } from '../../config/app-config.js';
import { FILE_STORAGE, type FileStorage } from '../../files/file-storage.js';
import { APP_CONFIG, READ_MODELS } from '../../infra/tokens.js';
import { type Conversation, ListMessagesQuery, UnreadByTeamQuery } from './list-messages.query.js';

/** Reads the conversation read model; each attachment gets a short-lived download link. */
@QueryHandler(ListMessagesQuery)
export class ListMessagesHandler implements IQueryHandler<ListMessagesQuery> {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ orderId, viewer }: ListMessagesQuery): Promise<Conversation | null> {
    const [order, rows, conversation] = await Promise.all([
      this.readModels.getRepository(OrderDetailRow).exists({ where: { orderId } }),
      this.readModels.getRepository(OrderMessageRow).find({ where: { orderId }, order: { revision: 'ASC' } }),
      this.readModels.getRepository(OrderConversationRow).findOneBy({ orderId }),
    ]);
    if (!order) return null;
    const expiresInSeconds = this.config.FILE_LINK_TTL_SECONDS;
    const entries = await Promise.all(
      rows.map(async (row) => {
        const names = attachmentNamesOf(row);
        return {
          id: row.revision,
          kind: row.kind,
          seq: row.seq,
          author: row.author,
          channel: row.channel,
          text: row.text,
          url: row.url,
          postedAt: row.postedAt.toISOString(),
          attachments: await Promise.all(
            row.attachments.map(async (file, index) => {
              const name = names[index] ?? '';
              return {
                name,
                size: file.size,
                kind: file.kind,
                mimeType: file.mimeType,
                url:
                  name === ERASED
                    ? null
                    : await this.storage.downloadUrl(file.storedName, {
                        fileName: name,
                        contentType: file.mimeType,
                        expiresInSeconds,
                      }),
              };
            }),
          ),
        };
      }),
    );
    const readUpTo = { client: conversation?.readByClient ?? 0, team: conversation?.readByTeam ?? 0 };
    const lastSeq = conversation?.messages ?? 0;
    return { entries, lastSeq, readUpTo, unread: lastSeq - readUpTo[viewer] };
  }
}

@QueryHandler(UnreadByTeamQuery)
export class UnreadByTeamHandler implements IQueryHandler<UnreadByTeamQuery> {
  constructor(@Inject(READ_MODELS) private readonly readModels: DataSource) {}

  async execute(): Promise<{ orderId: string; unread: number }[]> {
    const rows = await this.readModels
      .getRepository(OrderConversationRow)
      .createQueryBuilder('c')
      .select(['c.orderId', 'c.messages', 'c.readByTeam'])
      .where('c.messages > c.readByTeam')
      .orderBy('c.lastMessageAt', 'DESC')
      .limit(500)
      .getMany();
    return rows.map((row) => ({ orderId: row.orderId, unread: row.messages - row.readByTeam }));
  }
}
