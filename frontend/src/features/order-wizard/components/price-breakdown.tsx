import { type OrderPriceResult, yearlyItemsHT } from '@coseso/domain/pricing/compute-order-price';
import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { optionAmountText } from '@coseso/domain/pricing/price-lines';
import {
  DEPOSIT_PERCENT,
  MONTHLY_PLAN_MARKUP_PERCENT,
  MONTHS_PER_YEAR,
  TEMPLATES,
  type TemplateKey,
  VAT_RATE_PERCENT,
} from '@coseso/domain/pricing/pricing-grid';
import { type ReactNode } from 'react';
import { cn } from '@/lib/cn';

type PriceField =
  | 'totalAmount'
  | 'totalWithVat'
  | 'depositWithVat'
  | 'remainingWithVat'
  | 'monthlyAmount'
  | 'monthlyWithVat'
  | 'setupFeesAmount'
  | 'vatAmount';

/** An amount of the price result, findable by the field it shows. */
function Amount({ price, field }: { price: OrderPriceResult; field: PriceField }) {
  return <span data-testid={`price-${field}`}>{formatEuros(price[field])}</span>;
}

function Line({
  label,
  detail,
  children,
  strong = false,
}: {
  label: ReactNode;
  detail?: ReactNode;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <div
      className={cn(
        'flex items-baseline justify-between gap-4 py-2',
        strong && 'font-semibold text-slate-900',
      )}
    >
      <dt className="flex flex-col">
        <span>{label}</span>
        {detail && <span className="text-xs font-normal text-slate-500">{detail}</span>}
      </dt>
      <dd className="text-right whitespace-nowrap tabular-nums">{children}</dd>
    </div>
  );
}

/** The full price of the current choices: what is bought per year, per month or once, the VAT, and what is paid when. */
export function PriceBreakdown({ price, template }: { price: OrderPriceResult; template: TemplateKey }) {
  if (!price.ok) {
    return <p className="text-sm font-medium text-red-700">{price.displayText}</p>;
  }
  const monthly = price.billingPeriod === 'monthly';
  const recurring = price.options.filter((option) => option.period !== 'once');
  const oneOff = price.options.filter((option) => option.period === 'once');
  return (
    <div className="flex flex-col gap-4">
      <div>
        <p className="text-2xl font-bold tracking-tight text-slate-900">{price.displayText}</p>
        <p className="text-sm text-slate-600">{price.formula}</p>
      </div>

      <dl className="divide-y divide-slate-200 text-sm text-slate-700">
        <Line
          label={TEMPLATES[template].recapLabel}
          // The base of the catalogue version the price was computed at: basePrice is 12 times it, exactly.
          detail={`Type de site, ${formatEuros(price.basePrice / MONTHS_PER_YEAR)} HT/mois × ${MONTHS_PER_YEAR}`}
        >
          {formatEuros(price.basePrice)} HT/an
        </Line>
        {recurring.map((option) => (
          <Line
            key={option.key}
            label={option.label}
            detail={
              option.period === 'monthly'
                ? `${optionAmountText(option)} × ${MONTHS_PER_YEAR} = ${formatEuros(option.amountHT * MONTHS_PER_YEAR)} HT/an`
                : undefined
            }
          >
            {optionAmountText(option)}
          </Line>
        ))}
        {monthly ? (
          <Line
            label="Abonnement mensuel"
            detail={`Total annuel HT ÷ ${MONTHS_PER_YEAR}, majoré de ${MONTHLY_PLAN_MARKUP_PERCENT} %`}
            strong
          >
            <Amount price={price} field="monthlyAmount" /> HT/mois
          </Line>
        ) : (
          <Line label="Prix annuel" strong>
            <span data-testid="price-yearly">
              {formatEuros(yearlyItemsHT(price.basePrice, price.options))}
            </span>{' '}
            HT/an
          </Line>
        )}
        {monthly && (
          <Line label="Frais de mise en service" detail="Payés une fois, à la commande">
            {formatEuros(price.launchFees)} HT
          </Line>
        )}
        {oneOff.map((option) => (
          <Line key={option.key} label={option.label} detail="Payé une fois, à la commande">
            {optionAmountText(option)}
          </Line>
        ))}
        {monthly ? (
          <>
            <Line label="Total des frais payés une fois">
              <Amount price={price} field="setupFeesAmount" /> HT
            </Line>
            <Line label={`TVA (${VAT_RATE_PERCENT} %)`} detail="Sur les frais payés une fois">
              <Amount price={price} field="vatAmount" />
            </Line>
            <Line label="À payer à la commande" strong>
              <Amount price={price} field="depositWithVat" /> TTC
            </Line>
            <Line
              label="Puis chaque mois, à partir de la livraison"
              detail="Sans engagement, résiliable à tout moment"
              strong
            >
              <Amount price={price} field="monthlyWithVat" /> TTC/mois
            </Line>
          </>
        ) : (
          <>
            <Line label={oneOff.length > 0 ? 'Total HT de la première année' : 'Total HT'}>
              <Amount price={price} field="totalAmount" /> HT
            </Line>
            <Line label={`TVA (${VAT_RATE_PERCENT} %)`}>
              <Amount price={price} field="vatAmount" />
            </Line>
            <Line label="Total TTC" strong>
              <Amount price={price} field="totalWithVat" /> TTC
            </Line>
            <Line label={`Acompte à la commande (${DEPOSIT_PERCENT} %)`} strong>
              <Amount price={price} field="depositWithVat" /> TTC
            </Line>
            <Line
              label={`Solde à la livraison (${100 - DEPOSIT_PERCENT} %)`}
              detail="Après validation de votre site"
            >
              <Amount price={price} field="remainingWithVat" /> TTC
            </Line>
          </>
        )}
      </dl>
    </div>
  );
}
