import { TextField, UuidField } from '../../infra/http/request-fields.js';
import { STORAGE_KEY_PATTERN } from '../../files/file-storage.js';

export class DeleteBriefFileParams {
  @TextField({
    maxLength: 64,
    pattern: { regex: STORAGE_KEY_PATTERN, message: 'Nom de fichier invalide' },
    description: 'The name the file is stored under (`filename` in the file list)',
    example: '3f2c6a8e-1b7d-4c0a-9e5f-2d8b7a6c4e1f.png',
  })
  filename!: string;
}

export class DeleteBriefFileRequestDto {
  @UuidField({ description: 'The order the file belongs to' })
  orderId!: string;
}
