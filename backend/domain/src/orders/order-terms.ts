import { type CatalogueGrid } from '@coseso/event-schemas/catalogue/catalogue-events';
import { type OrderTerms } from '@coseso/event-schemas/order/order-values';
import { firstCatalogueGrid } from '../catalogue/first-version.js';
import { type TemplateKey } from '../pricing/pricing-grid.js';
import { type OrderState } from './order-state.js';

/**
 * What an order is sold at, beside its price, from the grid of the catalogue version that priced
 * it: its invoices, its contract, its client area and its account manager read these, whatever is
 * published after (docs/adr/0139-an-order-carries-the-terms-of-its-catalogue-version.md).
 */
export function termsAt(
  grid: Pick<
    CatalogueGrid,
    'templates' | 'depositPercent' | 'monthlyMarkupPercent' | 'hostingIncludes' | 'accountManager'
  >,
  template: TemplateKey | null | undefined,
): OrderTerms {
  return {
    templateLabel: template ? grid.templates[template].recapLabel : 'Site internet',
    depositPercent: grid.depositPercent,
    monthlyMarkupPercent: grid.monthlyMarkupPercent,
    hostingIncludes: [...grid.hostingIncludes],
    accountManager: { label: grid.accountManager.label, yearlyPriceHT: grid.accountManager.yearlyPriceHT },
  };
}

/**
 * The terms an order is sold at: those its completion recorded, or, for an order completed before
 * they were recorded (when no version could change them), version 1's.
 */
export function termsOf(order: Pick<OrderState, 'terms' | 'form'>): OrderTerms {
  return order.terms ?? termsAt(firstCatalogueGrid(), order.form.selectedTemplate);
}
