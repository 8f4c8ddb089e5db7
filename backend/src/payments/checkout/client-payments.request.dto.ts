import { TextField, UuidField } from '../../infra/http/request-fields.js';

export class UpsellAccountManagerRequestDto {
  @UuidField({ description: 'The order to add an account manager to' })
  orderId!: string;
}

export class CancelSubscriptionRequestDto {
  @TextField({
    maxLength: 2000,
    trim: true,
    optional: true,
    nullable: true,
    description: 'Why, in the client’s words',
  })
  reason?: string | null;
}
