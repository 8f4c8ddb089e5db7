import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { Link } from '@tanstack/react-router';
import { formatDateTime } from '@/lib/format-date';
import { Button, buttonClasses } from '@/ui/button';
import { type SandboxCheckoutAction, useSandboxCheckoutAction } from '../api/act-on-sandbox-checkout';
import { type SandboxCheckout, type SandboxCheckoutStatus } from '../api/get-sandbox-checkout';
import { CHECKOUT_NOTICE, SandboxPanel, SandboxShell } from './sandbox-shell';

const closedTexts: Record<Exclude<SandboxCheckoutStatus, 'open'>, { title: string; message: string }> = {
  paid: {
    title: 'Paiement déjà effectué',
    message: "Ce paiement a déjà été réglé : il n'y a rien de plus à payer.",
  },
  failed: {
    title: 'Paiement échoué',
    message: 'Ce paiement a échoué : il ne peut plus être réglé depuis ce lien.',
  },
  canceled: {
    title: 'Paiement annulé',
    message: 'Ce paiement a été annulé : il ne peut plus être réglé depuis ce lien.',
  },
  expired: {
    title: 'Lien de paiement expiré',
    message: 'Ce lien de paiement a expiré : il ne peut plus être utilisé.',
  },
  refunded: {
    title: 'Paiement remboursé',
    message:
      'Ce paiement a été remboursé : la commande avait changé pendant le paiement. Il ne peut plus être réglé depuis ce lien.',
  },
};

const actions: Array<{
  action: SandboxCheckoutAction;
  label: string;
  pendingLabel: string;
  variant: 'primary' | 'outline' | 'ghost';
}> = [
  { action: 'pay', label: 'Payer', pendingLabel: 'Paiement...', variant: 'primary' },
  { action: 'fail', label: 'Simuler un échec', pendingLabel: 'Échec en cours...', variant: 'outline' },
  { action: 'cancel', label: 'Annuler', pendingLabel: 'Annulation...', variant: 'ghost' },
];

const capitalize = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** The sandbox provider's hosted checkout: the stand-in for Stripe Checkout on machines without it. */
export function SandboxCheckoutPage({ checkout }: { checkout: SandboxCheckout }) {
  return (
    <SandboxShell notice={CHECKOUT_NOTICE}>
      <title>{`Paiement de la commande n° ${checkout.orderNumber} · Coseso`}</title>
      <SandboxPanel>
        <div className="flex flex-col gap-1">
          <p className="text-sm font-medium text-slate-600">{capitalize(checkout.purposeLabel)}</p>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">
            Paiement de la commande n° {checkout.orderNumber}
          </h1>
        </div>

        <div className="flex flex-col gap-1 rounded-xl bg-primary-50 px-5 py-4">
          <p className="text-sm font-medium text-primary-800">Montant à payer</p>
          <p className="text-3xl font-extrabold tracking-tight text-primary-900">
            {formatEuros(checkout.amount)}&nbsp;TTC
          </p>
          {checkout.recurring && (
            <p className="text-sm text-primary-800">
              Premier mois d'un abonnement renouvelé automatiquement chaque mois.
            </p>
          )}
        </div>

        <dl className="divide-y divide-slate-100 text-sm">
          <Detail term="Description" value={checkout.description} />
          <Detail term="Email" value={checkout.customerEmail || 'Non renseigné'} />
          {checkout.status === 'open' && (
            <Detail term="Lien valable jusqu'au" value={formatDateTime(checkout.expiresAt)} />
          )}
        </dl>

        {checkout.status === 'open' ? (
          <CheckoutActions paymentId={checkout.id} />
        ) : (
          <ClosedCheckout checkout={checkout} />
        )}
      </SandboxPanel>
    </SandboxShell>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5 py-3 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-slate-600">{term}</dt>
      <dd className="font-medium wrap-anywhere text-slate-900 sm:text-right">{value}</dd>
    </div>
  );
}

function CheckoutActions({ paymentId }: { paymentId: string }) {
  const mutation = useSandboxCheckoutAction(paymentId);
  // After a success the browser is on its way to the return page: the buttons stay off meanwhile.
  const running = mutation.isPending || mutation.isSuccess ? mutation.variables : undefined;
  return (
    <div className="flex flex-col gap-3">
      {actions.map(({ action, label, pendingLabel, variant }) => (
        <Button
          key={action}
          variant={variant}
          size={action === 'pay' ? 'lg' : 'md'}
          className="w-full"
          pending={running === action}
          pendingLabel={pendingLabel}
          disabled={running !== undefined && running !== action}
          onClick={() => mutation.mutate(action)}
        >
          {label}
        </Button>
      ))}
    </div>
  );
}

// Once over, the page knows nothing of the order but its number (the read hides its id): the
// customer follows it from their client area.
function ClosedCheckout({ checkout }: { checkout: SandboxCheckout }) {
  const { title, message } = closedTexts[checkout.status as Exclude<SandboxCheckoutStatus, 'open'>];
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 px-5 py-4">
      <h2 className="font-semibold text-slate-900">{title}</h2>
      <p className="text-sm text-slate-600">{message}</p>
      <Link to="/dashboard" className={buttonClasses({ variant: 'outline', className: 'self-start' })}>
        Suivre ma commande dans mon espace client
      </Link>
    </div>
  );
}
