import { BooleanField, TextField } from '../infra/http/request-fields.js';

export class SignContractRequestDto {
  @TextField({
    minLength: 2,
    maxLength: 200,
    trim: true,
    minMessage: 'Indiquez vos nom et prénom',
    requiredMessage: 'Indiquez vos nom et prénom',
    description: 'The name the client types as signature',
  })
  signerName!: string;

  @BooleanField({
    mustBeTrue: 'Vous devez accepter le contrat pour le signer',
    requiredMessage: 'Vous devez accepter le contrat pour le signer',
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
