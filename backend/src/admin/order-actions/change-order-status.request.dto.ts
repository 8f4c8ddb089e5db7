import { offlinePaymentMeans, orderStatuses } from '@coseso/event-schemas/order/order-keys';
import { BooleanField, ChoiceField, TextField } from '../../infra/http/request-fields.js';

const optionalText = (maxLength: number, description: string) =>
  TextField({ maxLength, optional: true, nullable: true, description });

/** `PATCH /api/admin/orders/:orderId/status` (spec §7.2), plus the reason of a correction. */
export class ChangeOrderStatusRequestDto {
  @ChoiceField(orderStatuses, { description: 'The status the order should go to' })
  status!: string;

  @optionalText(2000, 'The review URL, to en_revision (https:// is added when missing)')
  reviewUrl?: string | null;

  @BooleanField({
    optional: true,
    nullable: true,
    description:
      'Accepted for the spec’s shape, not used: the brief is validated by POST /api/orders/{orderId}/validate-brief, ' +
      'and going back to brief un-validates it',
  })
  briefValidatedByAdmin?: boolean | null;

  @optionalText(
    5000,
    'A note for the client with a new review URL (changes done), or the message when asking for more elements',
  )
  adminNote?: string | null;

  @optionalText(
    1000,
    'Why: required for a correction (spec §4.4) and a cancellation; with contract_signed it forces the signature',
  )
  reason?: string | null;

  @optionalText(2000, 'The delivered site’s URL, to delivered')
  deliveryUrl?: string | null;

  @optionalText(200, 'The offline payment’s reference, to ready_for_delivery (required there)')
  paymentReference?: string | null;

  @optionalText(
    10,
    'The day the offline payment was received, YYYY-MM-DD, to ready_for_delivery (required there)',
  )
  paymentDate?: string | null;

  @ChoiceField(offlinePaymentMeans, {
    optional: true,
    nullable: true,
    message: 'Le moyen de paiement doit être virement (transfer), chèque (cheque) ou espèces (cash)',
    description: 'How the offline payment came in, to ready_for_delivery (required there)',
  })
  paymentMeans?: string | null;

  @BooleanField({
    optional: true,
    nullable: true,
    description:
      'To cancelled within the 14-day guarantee: refund the card payments through the provider (default true), or not (no credit note)',
  })
  refund?: boolean | null;
}
