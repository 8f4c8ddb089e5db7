import { TextField } from '../../infra/http/request-fields.js';

export class RecordOfflinePaymentRequestDto {
  @TextField({
    maxLength: 200,
    optional: true,
    nullable: true,
    trim: true,
    description: 'The payment’s reference (bank transfer, cheque…); one is made up when missing',
  })
  reference?: string | null;
}
