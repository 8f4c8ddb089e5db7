import { type OrderView } from '@coseso/domain/orders/order-view';
import { formatEurosTTC } from '@coseso/domain/pricing/format-euros';
import { type BillingPeriod } from '@coseso/domain/pricing/pricing-grid';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { useOnBackForwardRestore } from '@/lib/use-back-forward-restore';
import { currentUserQueryOptions } from '@/lib/auth';
import { paymentRhythmOf, useCreatePayment } from '@/lib/payments/create-payment';
import { buttonClasses } from '@/ui/button';
import { Button } from '@/ui/button';
import { OrderConfirmationShell } from './order-confirmation-shell';

export function OrderConfirmationPage({ order }: { order: OrderView }) {
  const billingPeriod: BillingPeriod = order.billingPeriod ?? order.price?.billingPeriod ?? 'yearly';
  const monthly = billingPeriod === 'monthly';
  // A client signed in with the order's address has an account: the order joins it, no email to
  // set a password. Signed in with another address, that address gets an account of its own.
  const user = useQuery(currentUserQueryOptions()).data;
  const signedIn =
    Boolean(user) &&
    (!order.contactEmail || user!.email.toLowerCase() === order.contactEmail.trim().toLowerCase());

  const steps = [
    {
      title: monthly ? 'Paiement des frais de mise en service' : 'Paiement de l’acompte',
      text: 'Réglez votre premier paiement en ligne, par carte bancaire, sur la page sécurisée de notre prestataire.',
    },
    signedIn
      ? {
          title: 'Votre commande dans votre espace client',
          text: 'Dès le paiement reçu, cette commande rejoint votre espace client, à côté de vos autres commandes.',
        }
      : {
          title: 'Création de votre espace client',
          text: 'Dès le paiement reçu, votre espace client est créé et vous recevez par email de quoi vous y connecter.',
        },
    {
      title: 'Signature du contrat',
      text: 'Signez votre contrat en ligne depuis votre espace client, puis envoyez-nous votre logo, vos textes et vos images.',
    },
  ];

  return (
    <OrderConfirmationShell>
      <title>{`Commande #${order.orderNumber} créée · Coseso`}</title>
      <div className="flex flex-col gap-8">
        <div className="flex flex-col items-center gap-4 text-center">
          <SuccessIcon />
          <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            Commande créée avec succès !
          </h1>
          <p className="text-lg text-slate-700">
            <span className="font-semibold">Commande #{order.orderNumber}</span>
            {order.companyName && <> · {order.companyName}</>}
          </p>
          {order.placed && (
            <p className="max-w-xl text-slate-600">
              {order.depositPaid
                ? 'Un email de confirmation a été envoyé à '
                : 'Un email de confirmation est envoyé à '}
              {order.contactEmail ? (
                <strong className="text-slate-900 wrap-anywhere">{order.contactEmail}</strong>
              ) : (
                'l’adresse indiquée dans votre commande'
              )}
              {/* Before a payment, an address gets one email a day whatever the orders (decision 52). */}
              {order.depositPaid ? '.' : ', un seul par jour et par adresse tant que rien n’est payé.'}
            </p>
          )}
        </div>

        {order.price && <PriceSummary price={order.price} />}

        <div className="flex flex-col items-center gap-4 text-center">
          {order.depositPaid ? (
            <p className="rounded-xl bg-emerald-50 px-5 py-4 font-medium text-emerald-800">
              Votre premier paiement a bien été reçu. Merci&nbsp;!
            </p>
          ) : (
            <>
              {!order.formCompleted && (
                <p className="text-sm text-slate-600">
                  Votre commande n’est pas encore finalisée&nbsp;:{' '}
                  <Link
                    to="/order-form/$orderId"
                    params={{ orderId: order.id }}
                    className="rounded font-medium text-primary-700 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-primary-500"
                  >
                    terminer la configuration de mon site
                  </Link>
                  .
                </p>
              )}
              <PayButton orderId={order.id} billingPeriod={billingPeriod} />
            </>
          )}
        </div>

        {order.depositPaid ? (
          <section
            aria-labelledby="suivi-commande"
            className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
          >
            <h2 id="suivi-commande" className="text-xl font-semibold text-slate-900">
              Suivre votre commande
            </h2>
            <p className="text-sm text-slate-600">
              Contrat, brief, maquette, paiements et livraison : tout se suit depuis votre espace client.
            </p>
            <a
              href={`/dashboard/${encodeURIComponent(order.id)}`}
              className={buttonClasses({ variant: 'outline', className: 'self-start' })}
            >
              Accéder à mon espace client
            </a>
          </section>
        ) : (
          <section
            aria-labelledby="prochaines-etapes"
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
          >
            <h2 id="prochaines-etapes" className="text-xl font-semibold text-slate-900">
              Prochaines étapes
            </h2>
            <ol className="mt-6 flex flex-col gap-6">
              {steps.map((step, index) => (
                <li key={step.title} className="flex gap-4">
                  <span
                    aria-hidden="true"
                    className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-600 font-bold text-white"
                  >
                    {index + 1}
                  </span>
                  <div className="flex flex-col gap-1">
                    <h3 className="font-semibold text-slate-900">{step.title}</h3>
                    <p className="text-sm text-slate-600">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </section>
        )}
      </div>
    </OrderConfirmationShell>
  );
}

function PayButton({ orderId, billingPeriod }: { orderId: string; billingPeriod: BillingPeriod }) {
  // Spec §8: on this page a failed payment creation only re-enables the button.
  const payment = useCreatePayment(orderId, { notifyFailure: false });
  // Stays pending while the browser leaves for the payment page.
  const [redirecting, setRedirecting] = useState(false);
  useOnBackForwardRestore(useCallback(() => setRedirecting(false), []));

  const pay = () => {
    payment.mutate(paymentRhythmOf(billingPeriod), { onSuccess: () => setRedirecting(true) });
  };

  return (
    <Button
      size="lg"
      className="w-full sm:w-auto"
      pending={payment.isPending || redirecting}
      pendingLabel="Préparation..."
      onClick={pay}
    >
      Procéder au paiement
    </Button>
  );
}

function PriceSummary({ price }: { price: NonNullable<OrderView['price']> }) {
  const monthly = price.billingPeriod === 'monthly';
  const rows: Array<[string, string]> = monthly
    ? [
        ['Frais de mise en service', formatEurosTTC(price.depositWithVat)],
        ['Puis, à partir de la livraison', `${formatEurosTTC(price.monthlyWithVat)}\u00a0/\u00a0mois`],
      ]
    : [
        ['Acompte à la commande', formatEurosTTC(price.depositWithVat)],
        ['Solde à la livraison', formatEurosTTC(price.remainingWithVat)],
        ['Total', formatEurosTTC(price.totalWithVat)],
      ];
  return (
    <section
      aria-labelledby="recapitulatif-paiement"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="recapitulatif-paiement" className="text-xl font-semibold text-slate-900">
          Votre paiement
        </h2>
        <p className="text-sm text-slate-600">{monthly ? 'Paiement mensuel' : 'Paiement annuel'}</p>
      </div>
      <div className="mt-5 flex flex-col gap-1 rounded-xl bg-primary-50 px-5 py-4">
        <p className="text-sm font-medium text-primary-800">Premier paiement</p>
        <p className="text-3xl font-extrabold tracking-tight text-primary-900">
          {formatEurosTTC(price.depositWithVat)}
        </p>
      </div>
      <dl className="mt-5 divide-y divide-slate-100 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 py-3">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm text-slate-600">
        {price.displayText}. {price.formula}.
      </p>
    </section>
  );
}

function SuccessIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-16">
      <circle cx="24" cy="24" r="24" className="fill-emerald-100" />
      <path
        d="m15 24.5 6 6L33 18"
        fill="none"
        className="stroke-emerald-600"
        strokeWidth="3.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
