import { TextField } from '../../infra/http/request-fields.js';

export class RequestMoreElementsRequestDto {
  @TextField({
    maxLength: 5000,
    minLength: 1,
    trim: true,
    requiredMessage: 'Le message est requis',
    minMessage: 'Le message est requis',
    description: 'What the client should still send (sent to the client by email)',
  })
  notes!: string;
}
