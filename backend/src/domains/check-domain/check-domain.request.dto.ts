import { TextField } from '../../infra/http/request-fields.js';

export class CheckDomainRequestDto {
  @TextField({
    maxLength: 300,
    description: 'A domain name, with or without its extension',
    example: 'boulangerie-martin.fr',
  })
  domain!: string;
}
