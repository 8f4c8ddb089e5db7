import { isMonthly } from '@coseso/domain/orders/client-journey';
import { type OrderView } from '@coseso/domain/orders/order-view';
import {
  assetOptionLabels,
  fontLabels,
  freeOptionLabels,
  styleLabels,
  templateLabels,
} from '@coseso/domain/orders/wizard';
import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { optionAmountText } from '@coseso/domain/pricing/price-lines';
import { useLocation } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { formatDate } from '@/lib/format-date';
import { ClientInvoicesDialog } from '@/lib/invoices/client-invoices-dialog';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/ui/accordion';
import { useScrollToHash } from '../hooks/use-scroll-to-hash';
import { ContractAction, orderAnchor } from './contract-action';
import { NoOrderYet } from './no-order-yet';
import {
  BillingBadge,
  NextStepLine,
  OrderProgress,
  PreviewLink,
  previewUrlOf,
  StatusBadge,
} from './order-facts';

/** One accordion item per order (spec §2.2): the essentials in its header, every detail inside. */
export function OverviewTab({ orders }: { orders: OrderView[] }) {
  const hash = useLocation({ select: (location) => location.hash });
  const [open, setOpen] = useState<string[]>(() => {
    const linked = orders.find((order) => orderAnchor(order.id) === hash);
    if (linked) return [linked.id];
    return orders.length === 1 ? [orders[0]!.id] : [];
  });
  useScrollToHash(true);
  if (orders.length === 0) return <NoOrderYet />;
  return (
    <Accordion type="multiple" value={open} onValueChange={setOpen} className="flex flex-col gap-4">
      {orders.map((order) => (
        <AccordionItem
          key={order.id}
          value={order.id}
          id={orderAnchor(order.id)}
          tabIndex={-1}
          className="scroll-mt-6 focus:outline-2 focus:outline-offset-2 focus:outline-primary-500"
        >
          <AccordionTrigger>
            <OrderHeader order={order} />
          </AccordionTrigger>
          <AccordionContent>
            <OrderDetails order={order} />
          </AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}

const planLabel = (order: OrderView) => (isMonthly(order) ? 'Abonnement mensuel' : 'Paiement annuel');

function OrderHeader({ order }: { order: OrderView }) {
  const template = order.selectedTemplate ? templateLabels[order.selectedTemplate].name : null;
  return (
    <span className="flex min-w-0 flex-1 flex-col gap-3">
      <span className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex min-w-0 flex-col">
          <span className="text-lg wrap-anywhere">
            {order.companyName || `Commande #${order.orderNumber}`}
          </span>
          <span className="text-sm font-normal text-slate-600">
            Commande #{order.orderNumber}
            {template && <> · {template}</>} · {planLabel(order)}
          </span>
        </span>
        <span className="flex flex-wrap gap-2">
          <BillingBadge order={order} />
          <StatusBadge order={order} />
        </span>
      </span>
      <OrderProgress order={order} className="font-normal" />
      <NextStepLine order={order} className="text-left text-sm font-normal" />
    </span>
  );
}

/**
 * The wizard never asks for a list of pages: the site's pages and sections are the features chosen
 * at step 5 (a list typed elsewhere, `pages`, first when there is one).
 */
function sitePages(order: OrderView): string {
  if (order.pages) return order.pages;
  const chosen = (Object.keys(freeOptionLabels) as (keyof typeof freeOptionLabels)[])
    .filter((key) => order.freeOptions?.[key] === true)
    .map((key) => freeOptionLabels[key]);
  return chosen.length > 0 ? chosen.join(', ') : '—';
}

function OrderDetails({ order }: { order: OrderView }) {
  const yes = (flag: boolean | undefined) => (flag ? 'Oui' : 'Non');
  const domain =
    order.domainOption === 'have'
      ? `${order.existingDomain || 'non précisé'} (déjà à vous)`
      : order.selectedDomain?.domain || order.desiredDomain || 'à choisir';
  const rows: Array<[string, ReactNode]> = [
    ['Modèle', order.selectedTemplate ? templateLabels[order.selectedTemplate].name : '—'],
    ['Secteur', order.companySector || '—'],
    [
      'Contact',
      [
        `${order.contactFirstName ?? ''} ${order.contactLastName ?? ''}`.trim(),
        order.contactEmail,
        order.contactPhone,
      ]
        .filter(Boolean)
        .join(' · ') || '—',
    ],
    ['Style', order.selectedStyle ? styleLabels[order.selectedStyle].name : '—'],
    ['Police', order.fontFamily ? fontLabels[order.fontFamily].name : '—'],
    ['Couleurs', <Colours key="colours" order={order} />],
    ['Pages et sections', sitePages(order)],
    ['Logo', order.logoOption ? assetOptionLabels.logo[order.logoOption] : '—'],
    ['Contenus', order.contentOption ? assetOptionLabels.content[order.contentOption] : '—'],
    ['Réseaux sociaux', order.socialMedia || '—'],
    ['Hébergement', order.hostingOption === 'client' ? 'Par vos soins' : 'Inclus (Coseso)'],
    ['Nom de domaine', domain],
    ['Chargé de compte dédié', yes(order.accountManager)],
    ['Date de commande', formatDate(order.createdAt)],
    [
      'Prévisualisation',
      <PreviewLink key="preview" url={previewUrlOf(order)}>
        Voir le site
      </PreviewLink>,
    ],
  ];
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-col gap-0.5">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium text-slate-900 wrap-anywhere">{value}</dd>
          </div>
        ))}
      </dl>
      <BillingBreakdown order={order} />
      <ContractAction order={order} />
    </div>
  );
}

function Colours({ order }: { order: OrderView }) {
  const colours = [order.primaryColor, order.secondaryColor].filter((c): c is string => Boolean(c));
  if (colours.length === 0) return <>—</>;
  return (
    <span className="flex flex-wrap gap-3">
      {colours.map((colour) => (
        <span key={colour} className="inline-flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="size-4 rounded-full ring-1 ring-slate-300"
            style={{ background: colour }}
          />
          {colour}
        </span>
      ))}
    </span>
  );
}

/** The amounts TTC, as the pricing module computed them at completion. */
function BillingBreakdown({ order }: { order: OrderView }) {
  const price = order.price;
  if (!price) return null;
  const rows: Array<[string, string]> =
    price.billingPeriod === 'monthly'
      ? [
          ['Frais de mise en service', formatEuros(price.depositWithVat)],
          ['Mensualité', `${formatEuros(price.monthlyWithVat)}\u00a0/\u00a0mois`],
        ]
      : [
          ['Acompte (50 %)', formatEuros(price.depositWithVat)],
          ['Solde (50 %)', formatEuros(price.remainingWithVat)],
          ['Total', formatEuros(price.totalWithVat)],
          ['Dont TVA (20 %)', formatEuros(price.vatAmount)],
        ];
  return (
    <section aria-label="Facturation" className="rounded-xl bg-slate-50 p-4">
      <h3 className="mb-3 font-semibold text-slate-900">Facturation TTC</h3>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {price.options.length > 0 && (
        <ul className="mt-3 flex flex-col gap-1 text-sm text-slate-600">
          {price.options.map((option) => (
            <li key={option.key}>
              {option.label} : {optionAmountText(option)}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-xs text-slate-500">
        {order.depositPaid ? 'Premier paiement reçu.' : 'Premier paiement en attente.'}
        {order.finalPaid && (isMonthly(order) ? ' Premier mois réglé.' : ' Solde réglé.')}
      </p>
      {/* Its documents stay readable while a first payment the guarantee refunded is owed again. */}
      {(order.depositPaid || order.firstPaymentOwedAgain) && <ClientInvoicesDialog orderId={order.id} />}
    </section>
  );
}
