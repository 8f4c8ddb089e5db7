import { CONVERSATION_LIMITS } from '@coseso/domain/orders/decider/conversation.decider';
import { messageChannels } from '@coseso/event-schemas/order/order-keys';
import { ApiProperty } from '@nestjs/swagger';
import { ChoiceField, IntField, TextField } from '../../infra/http/request-fields.js';

/** The form fields of a message (its files are read by MessageFilesInterceptor). */
export class PostMessageRequestDto {
  @TextField({
    optional: true,
    maxLength: CONVERSATION_LIMITS.maxTextLength,
    description: 'The message; may be empty when files are joined',
  })
  text?: string;
}

/** The client's message: from the Messages tab, or the support tab's « Ouvrir un ticket ». */
export class PostClientMessageRequestDto extends PostMessageRequestDto {
  @ChoiceField(messageChannels, { optional: true, description: 'Where it was written (default: messages)' })
  channel?: (typeof messageChannels)[number];
}

/** The multipart body as the API document shows it. */
export class PostMessageMultipartDoc extends PostClientMessageRequestDto {
  @ApiProperty({
    type: 'array',
    items: { type: 'string', format: 'binary' },
    required: false,
    description:
      'Up to 5 files of 10 Mo (PNG, JPG, WEBP, GIF, PDF, TXT, DOC, DOCX), checked from their content',
  })
  files?: unknown[];
}

export class MarkMessagesReadRequestDto {
  @IntField({ min: 1, max: 1_000_000, description: 'The seq of the last message read' })
  upTo!: number;
}
