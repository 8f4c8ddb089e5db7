import { type OrderState } from '../orders/order-state.js';
import { termsOf } from '../orders/order-terms.js';
import { VAT_RATE_PERCENT } from '../pricing/pricing-grid.js';
import { type PriceBreakdown } from '@coseso/event-schemas/order/order-values';
import { ErrorCode } from '../shared/error-codes.js';
import { DomainError } from '../shared/domain-error.js';
import { type InvoicedPurpose, type InvoiceLine, type InvoiceUnit } from './invoice-document.js';

const line = (
  label: string,
  unitPrice: number,
  {
    quantity = 1,
    unit = 'C62',
    description = null,
  }: { quantity?: number; unit?: InvoiceUnit; description?: string | null } = {},
): InvoiceLine => ({
  label,
  description,
  quantity,
  unit,
  unitPrice,
  vatRatePercent: VAT_RATE_PERCENT,
  totalAmount: quantity * unitPrice,
});

function pricedOrder(order: OrderState): PriceBreakdown {
  if (!order.price) {
    throw new DomainError(
      ErrorCode.INVOICE_NOTHING_SOLD,
      "Cette commande n'a pas de prix : le formulaire n'est pas complété.",
      'conflict',
    );
  }
  return order.price;
}

function siteName(order: OrderState): string {
  if (!order.form.selectedTemplate) return 'Site internet';
  // The name at the order's catalogue version. « Site Vitrine » already says it is a site; « Business » does not.
  const label = termsOf(order).templateLabel;
  return label.startsWith('Site') ? label : `Site ${label}`;
}

/** What a yearly order sells for its first year: the template, each yearly or monthly item over a year, each one-off item. */
function firstYearItems(order: OrderState, price: PriceBreakdown): InvoiceLine[] {
  const lines = [
    line(`${siteName(order)} : création, hébergement et licence`, price.basePrice, { unit: 'ANN' }),
  ];
  for (const option of price.options) {
    if (option.period === 'monthly')
      lines.push(line(option.label, option.amountHT, { quantity: 12, unit: 'MON' }));
    else
      lines.push(line(option.label, option.amountHT, { unit: option.period === 'yearly' ? 'ANN' : 'C62' }));
  }
  return lines;
}

// A no-break space before the semicolon, as French writes it, keeps it off the start of a wrapped line.
const itemsText = (items: readonly InvoiceLine[]) => items.map((item) => item.label).join('\u00a0; ');

/**
 * The lines an invoice carries for one money event of an order (an offline payment is the same
 * event recorded by the team): what was sold, HT, from the price the order was completed with.
 * - deposit: one line, the deposit on the first year, at the order's share (a deposit invoice);
 * - balance: the whole first year, item by item (the final invoice deducts the deposit invoiced);
 * - setup_fee: the launch fee and the one-off items of a monthly order;
 * - first_month, renewal: one month of the subscription;
 * - account_manager: the dedicated account manager for a year.
 * A period given (the month of a subscription, the year a balance or the upsell starts) is set on
 * every line sold by the month or the year; one-off items have none.
 */
export function invoiceLinesFor(
  order: OrderState,
  purpose: InvoicedPurpose,
  servicePeriod: ServicePeriod | null = null,
): InvoiceLine[] {
  return invoiceItemsFor(order, purpose).map((item) =>
    servicePeriod && item.unit !== 'C62' ? { ...item, servicePeriod } : item,
  );
}

type ServicePeriod = NonNullable<InvoiceLine['servicePeriod']>;

function invoiceItemsFor(order: OrderState, purpose: InvoicedPurpose): InvoiceLine[] {
  const price = pricedOrder(order);
  const orderText = `commande n° ${order.orderNumber}`;
  switch (purpose) {
    case 'deposit':
      return [
        line(`Acompte de ${termsOf(order).depositPercent} % sur la ${orderText}`, price.depositAmount, {
          description: `1re année : ${itemsText(firstYearItems(order, price))}`,
        }),
      ];
    case 'balance':
      return firstYearItems(order, price);
    case 'setup_fee':
      return [
        line(`${siteName(order)} : frais de mise en service`, price.launchFees),
        ...price.options
          .filter((option) => option.period === 'once')
          .map((option) => line(option.label, option.amountHT)),
      ];
    case 'first_month':
    case 'renewal': {
      const recurring = price.options.filter((option) => option.period !== 'once');
      return [
        line(
          `${siteName(order)} : abonnement mensuel${purpose === 'first_month' ? ' (1er mois)' : ''}`,
          price.monthlyAmount,
          {
            unit: 'MON',
            description: `Hébergement, licence et mises à jour${recurring.length > 0 ? ` ; ${itemsText(recurring.map((o) => line(o.label, 0)))}` : ''}`,
          },
        ),
      ];
    }
    case 'account_manager': {
      // At the order's catalogue version, as it was charged (paymentDue).
      const { label, yearlyPriceHT } = termsOf(order).accountManager;
      return [line(label, yearlyPriceHT, { unit: 'ANN', description: orderText })];
    }
    default: {
      const _exhaustive: never = purpose;
      return _exhaustive;
    }
  }
}
