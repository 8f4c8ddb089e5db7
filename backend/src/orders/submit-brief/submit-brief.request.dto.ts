import { BooleanField } from '../../infra/http/request-fields.js';

export class SubmitBriefRequestDto {
  @BooleanField({
    optional: true,
    description: 'true when the client has no file to send (then the brief may have none)',
  })
  nothingToSend?: boolean;
}
