import { TextField } from '../../infra/http/request-fields.js';

export class FinalizeDeliveryRequestDto {
  @TextField({
    maxLength: 2000,
    requiredMessage: "L'URL du site livré est requise pour finaliser la livraison",
    description: 'The delivered site’s URL (https:// is added when missing)',
  })
  deliveryUrl!: string;
}
