import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { formatDate } from '@/lib/format-date';
import { Button } from '@/ui/button';
import { Field } from '@/ui/field';
import { Input } from '@/ui/input';
import { textLinkClasses } from '@/ui/text-link';
import { type SandboxSubscription } from '../api/get-sandbox-subscription';
import { useRenewSandboxSubscription } from '../api/renew-sandbox-subscription';
import { type SandboxCardOutcome, useSetSandboxCard } from '../api/set-sandbox-card';
import { CARD_NOTICE, SandboxPanel, SandboxShell } from './sandbox-shell';

const choices: Array<{
  outcome: SandboxCardOutcome;
  label: string;
  pendingLabel: string;
  variant: 'primary' | 'outline';
}> = [
  { outcome: 'valid', label: 'Enregistrer la carte', pendingLabel: 'Enregistrement...', variant: 'primary' },
  { outcome: 'refused', label: 'Simuler un refus', pendingLabel: 'Refus en cours...', variant: 'outline' },
  {
    outcome: 'declines_next',
    label: 'Carte refusée au prochain prélèvement',
    pendingLabel: 'Enregistrement...',
    variant: 'outline',
  },
];

interface SandboxCardPageProps {
  subscription: SandboxSubscription;
  /** The order the client came from, if the link says. */
  orderId: string | undefined;
  /** Where to go back once the card is chosen; the card-validation page of this site by default. */
  returnUrl: string | undefined;
}

/** The sandbox provider's card page, the stand-in for Stripe's: no card data leaves the browser. */
export function SandboxCardPage({
  subscription,
  orderId = subscription.orderId,
  returnUrl,
}: SandboxCardPageProps) {
  const target =
    returnUrl ??
    `${window.location.origin}/card-validation-success?status=success&orderId=${encodeURIComponent(orderId)}`;
  return (
    <SandboxShell notice={CARD_NOTICE}>
      <title>Carte bancaire de l'abonnement · Coseso</title>
      <SandboxPanel>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          Carte bancaire de votre abonnement
        </h1>
        <SubscriptionSummary subscription={subscription} />
        <CardForm subscriptionId={subscription.id} returnUrl={target} />
      </SandboxPanel>
      <RenewalTool subscriptionId={subscription.id} />
      <p className="text-center text-sm">
        <a href="/dashboard" className={textLinkClasses}>
          Revenir sans modifier la carte
        </a>
      </p>
    </SandboxShell>
  );
}

function SubscriptionSummary({ subscription }: { subscription: SandboxSubscription }) {
  const active = subscription.status === 'active';
  const rows: Array<[string, string]> = [
    ['Abonnement', `${formatEuros(subscription.amount)} TTC par mois`],
    [
      active ? (subscription.cancelAtPeriodEnd ? "Fin de l'abonnement" : 'Prochain prélèvement') : 'Statut',
      active ? formatDate(subscription.currentPeriodEnd) : 'Abonnement terminé',
    ],
    ['Carte actuelle', subscription.cardDeclines ? 'Sera refusée au prochain prélèvement' : 'Valide'],
  ];
  return (
    <dl className="divide-y divide-slate-100 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="flex flex-col gap-0.5 py-3 sm:flex-row sm:justify-between sm:gap-4">
          <dt className="text-slate-600">{term}</dt>
          <dd className="font-medium text-slate-900 sm:text-right">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function CardForm({ subscriptionId, returnUrl }: { subscriptionId: string; returnUrl: string }) {
  const mutation = useSetSandboxCard(subscriptionId, returnUrl);
  // After a success the browser is on its way back: the buttons stay off meanwhile.
  const running = mutation.isPending || mutation.isSuccess ? mutation.variables : undefined;
  return (
    <div className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">Nouvelle carte (carte de test)</legend>
        <p className="text-sm text-slate-600">Carte de test pré-remplie : ces numéros ne sont pas envoyés.</p>
        <Field label="Numéro de carte">
          {(control) => <Input {...control} readOnly value="4242 4242 4242 4242" className="font-mono" />}
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <Field label="Date d'expiration">
            {(control) => <Input {...control} readOnly value="12 / 34" className="font-mono" />}
          </Field>
          <Field label="Cryptogramme">
            {(control) => <Input {...control} readOnly value="123" className="font-mono" />}
          </Field>
        </div>
      </fieldset>
      <div className="flex flex-col gap-3">
        {choices.map(({ outcome, label, pendingLabel, variant }) => (
          <Button
            key={outcome}
            variant={variant}
            className="w-full"
            pending={running === outcome}
            pendingLabel={pendingLabel}
            disabled={running !== undefined && running !== outcome}
            onClick={() => mutation.mutate(outcome)}
          >
            {label}
          </Button>
        ))}
      </div>
    </div>
  );
}

function RenewalTool({ subscriptionId }: { subscriptionId: string }) {
  const renewal = useRenewSandboxSubscription(subscriptionId);
  return (
    <section
      aria-labelledby="sandbox-tools"
      className="flex flex-col gap-3 rounded-2xl border border-dashed border-slate-300 p-5"
    >
      <h2 id="sandbox-tools" className="text-sm font-semibold text-slate-900">
        Outils de démonstration
      </h2>
      <p className="text-sm text-slate-600">
        Passe à la période suivante sans attendre la fin du mois en cours : le mois suivant est prélevé sur la
        carte actuelle.
      </p>
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        pending={renewal.isPending}
        pendingLabel="Prélèvement..."
        onClick={() => renewal.mutate()}
      >
        Prélever le mois suivant maintenant
      </Button>
    </section>
  );
}
