import { IntField } from '../../infra/http/request-fields.js';
import { StripsUnknownProperties } from '../../infra/http/validation.js';
import { orderFormDto } from '../shared/order-form.request.dto.js';

/**
 * All form data (spec §7), held to every rule of the wizard. The browser also sends formCompleted,
 * currentStep, exportEligibleAt, supportEnabled and status: they are the server's to decide, so
 * they are dropped here.
 */
@StripsUnknownProperties()
export class CompleteOrderRequestDto extends orderFormDto('CompletedOrderForm', 'completion') {
  @IntField({
    min: 1,
    max: 1_000_000,
    optional: true,
    description:
      'The catalogue version the recap showed: when another is in force, the order is refused (409) so the visitor sees the new prices before paying',
  })
  catalogueVersion?: number;
}
