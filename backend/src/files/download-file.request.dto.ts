import { IntField, TextField } from '../infra/http/request-fields.js';
import { STORAGE_KEY_PATTERN } from './file-storage.js';

const invalidLink = 'Lien de téléchargement invalide';

export class DownloadFileParams {
  @TextField({
    maxLength: 64,
    pattern: { regex: STORAGE_KEY_PATTERN, message: invalidLink },
    description: 'The stored file (a name the server made)',
    example: '3f2c6a8e-1b7d-4c0a-9e5f-2d8b7a6c4e1f.png',
  })
  key!: string;
}

export class DownloadFileQueryDto {
  @IntField({ min: 0, max: 99_999_999_999, fromQuery: true, description: 'Expiry, in Unix seconds' })
  expires!: number;

  @TextField({ maxLength: 255, description: 'The name the file downloads under' })
  name!: string;

  @TextField({ maxLength: 100, description: 'The content type it is served with' })
  type!: string;

  @TextField({
    maxLength: 64,
    pattern: { regex: /^[A-Za-z0-9_-]{43}$/, message: invalidLink },
    description: 'HMAC-SHA256 of the link (base64url)',
  })
  signature!: string;
}
