import { agencyContact } from '@coseso/domain/shared/agency-contact';
import { Link } from '@tanstack/react-router';
import { buttonClasses } from '@/ui/button';
import { textLinkClasses } from '@/ui/text-link';
import { clientAreaLoginHref } from './client-area-links';
import { DashboardCountdown } from './dashboard-countdown';
import { PaymentPageShell } from './payment-page-shell';
import { PaymentResultLayout, ResultActions } from './payment-result-layout';

interface CardValidationPageProps {
  status?: string;
  orderId?: string;
  error?: string;
}

/** Where the provider's card page sends the client back after changing the subscription's card. */
export function CardValidationPage({ status, orderId, error }: CardValidationPageProps) {
  return (
    <PaymentPageShell>
      {status === 'success' ? (
        <PaymentResultLayout tone="success" title="Carte bancaire validée">
          <p className="max-w-xl text-slate-600">
            Votre carte a bien été enregistrée : les prochains prélèvements de votre abonnement seront
            effectués sur cette carte.
          </p>
          <DashboardCountdown />
        </PaymentResultLayout>
      ) : (
        <PaymentResultLayout
          tone="error"
          title={status === 'failed' ? 'Validation de carte échouée' : 'Erreur lors de la validation'}
        >
          {status === 'failed' ? (
            <p className="max-w-xl text-slate-600">
              Votre carte n'a pas pu être enregistrée et votre abonnement n'a pas été modifié. Vous pouvez
              réessayer avec une autre carte depuis votre espace client.
            </p>
          ) : (
            <p className="max-w-xl text-slate-600">
              Une erreur est survenue pendant la validation de votre carte. Réessayez depuis votre espace
              client ; si le problème persiste, écrivez-nous à {agencyContact.supportEmail}.
            </p>
          )}
          {error && (
            <p className="max-w-xl rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
              Motif : {error}
            </p>
          )}
          <ResultActions>
            <a href={clientAreaLoginHref(orderId)} className={buttonClasses()}>
              Accéder à mon espace client
            </a>
            <Link to="/" className={buttonClasses({ variant: 'outline' })}>
              Retour à l'accueil
            </Link>
          </ResultActions>
        </PaymentResultLayout>
      )}
      <nav aria-label="Informations légales" className="mt-8 flex justify-center gap-6 text-sm">
        <Link to="/cgv" className={textLinkClasses}>
          Conditions générales de vente
        </Link>
        <Link to="/politique-confidentialite" className={textLinkClasses}>
          Politique de confidentialité
        </Link>
      </nav>
    </PaymentPageShell>
  );
}
