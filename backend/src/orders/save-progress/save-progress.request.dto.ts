import { WIZARD_STEP_COUNT } from '@coseso/domain/orders/wizard';
import { IntField } from '../../infra/http/request-fields.js';
import { StripsUnknownProperties } from '../../infra/http/validation.js';
import { orderFormDto } from '../shared/order-form.request.dto.js';

/**
 * "step plus all form data" (spec §7), as typed so far: a draft requires nothing. Unknown fields
 * are dropped: whatever the browser says about status, prices or payment flags is not its to set.
 */
@StripsUnknownProperties()
export class SaveProgressRequestDto extends orderFormDto('DraftOrderForm', 'draft') {
  @IntField({ optional: true, min: 1, max: WIZARD_STEP_COUNT, description: 'The wizard step on screen' })
  step?: number;

  @IntField({ optional: true, min: 1, max: WIZARD_STEP_COUNT, description: 'Same as step (older clients)' })
  currentStep?: number;
}

/** The step the visitor is on, and the form without it. */
export function stepAndForm({ step, currentStep, ...form }: SaveProgressRequestDto) {
  return { currentStep: step ?? currentStep, form: { ...form } };
}
