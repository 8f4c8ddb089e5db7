import { briefFileCategories } from '@coseso/event-schemas/order/order-keys';
import { schema } from '../../infra/http/api-schemas.js';

const file = schema.object({
  filename: schema.string('The name it is stored under (what the delete route takes)'),
  originalName: schema.string('The name it was sent with, made safe for display'),
  size: schema.integer('Bytes'),
  uploadDate: schema.dateTime(),
  type: schema.oneOf(['image', 'document']),
  category: schema.oneOf(briefFileCategories),
  mimeType: schema.string(),
  url: schema.string('A signed link that downloads the file until urlExpiresAt'),
  urlExpiresAt: schema.dateTime(),
});

/** The answer of the client's and the back-office's file lists. */
export const briefFileListSchema = schema.object({
  files: schema.object(Object.fromEntries(briefFileCategories.map((c) => [c, schema.array(file)]))),
  storageUsed: { type: 'number', description: 'MB used, of storageLimit' },
  storageLimit: schema.integer('MB an order may hold'),
  fileCount: schema.integer(),
  maxFiles: schema.integer(),
});
