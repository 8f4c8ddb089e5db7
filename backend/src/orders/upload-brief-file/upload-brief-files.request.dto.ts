import { briefFileCategories } from '@coseso/event-schemas/order/order-keys';
import { ApiProperty } from '@nestjs/swagger';
import { ChoiceField, UuidField } from '../../infra/http/request-fields.js';

/** The form fields of the multipart upload (its files are read by MultipartFilesInterceptor). */
export class UploadBriefFilesRequestDto {
  @UuidField({ description: 'The order the files are for (the signed-in client’s own)' })
  orderId!: string;

  @ChoiceField(briefFileCategories, { description: 'Where the files go in the brief' })
  category!: (typeof briefFileCategories)[number];
}

/** The multipart body as the API document shows it. */
export class UploadBriefFilesMultipartDoc extends UploadBriefFilesRequestDto {
  @ApiProperty({
    type: 'array',
    items: { type: 'string', format: 'binary' },
    required: false,
    description: 'The batch, when it holds an image',
  })
  images?: unknown[];

  @ApiProperty({
    type: 'array',
    items: { type: 'string', format: 'binary' },
    required: false,
    description: 'The batch, when it holds no image',
  })
  documents?: unknown[];
}
