import { type OrderPriceResult, computeOrderPrice } from '@coseso/domain/pricing/compute-order-price';
import { type PriceGrid } from '@coseso/domain/pricing/pricing-grid';
import { type WizardValues } from './wizard-values';

/**
 * The price of the wizard's current choices, as the server will compute it, at `grid` (the catalogue
 * version in force's; the first version's until it is loaded); null until a template is chosen.
 */
export function priceOf(
  values: WizardValues,
  billingPeriod = values.billingPeriod,
  grid?: PriceGrid,
): OrderPriceResult | null {
  if (!values.selectedTemplate) return null;
  return computeOrderPrice(
    {
      template: values.selectedTemplate,
      billingPeriod,
      hostingOptions: values.hostingOptions,
      additionalOptions: values.additionalOptions,
      logoOption: values.logoOption,
      contentOption: values.contentOption,
      vatApplicable: true,
      companyCountry: 'FR',
    },
    grid,
  );
}
