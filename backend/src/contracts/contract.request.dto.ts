import { clientFormRules } from '@coseso/domain/clients/client-form-rules';
import { BooleanField, TextField } from '../infra/http/request-fields.js';

const { signerName, contractAccepted } = clientFormRules;

export class SignContractRequestDto {
  @TextField({
    minLength: signerName.minLength,
    maxLength: signerName.maxLength,
    trim: true,
    minMessage: signerName.message,
    requiredMessage: signerName.message,
    description: 'The name the client types as signature',
  })
  signerName!: string;

  @BooleanField({
    mustBeTrue: contractAccepted.message,
    requiredMessage: contractAccepted.message,
  })
  accepted!: true;

  @TextField({
    maxLength: 64,
    pattern: { regex: /^[0-9a-f]{64}$/, message: 'Empreinte du document invalide' },
    requiredMessage: 'Empreinte du document invalide',
    description: 'SHA-256 of the document the client read (hex): signing another version is refused',
  })
  documentSha256!: string;
}
