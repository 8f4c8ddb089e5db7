import { useNavigate } from '@tanstack/react-router';
import { Button, buttonClasses } from '@/ui/button';
import { useCountdown } from '../hooks/use-countdown';
import { DASHBOARD_PATH } from './client-area-links';
import { ResultActions } from './payment-result-layout';

const REDIRECT_SECONDS = 10;

/** Goes to the client area after 10 seconds, shown second by second; the visitor may stay instead. */
export function DashboardCountdown() {
  const navigate = useNavigate();
  // Replace: going back must not land on a page that leaves again.
  const { left, stopped, stop } = useCountdown(REDIRECT_SECONDS, () =>
    navigate({ href: DASHBOARD_PATH, replace: true }),
  );
  return (
    <div className="flex w-full flex-col items-center gap-4">
      {/* Not announced every second: the sentence is read once with the rest of the page. */}
      <p aria-live="off" className="text-sm text-slate-600">
        {stopped
          ? 'Redirection annulée : vous pouvez rester sur cette page.'
          : `Redirection vers votre espace client dans ${left} seconde${left > 1 ? 's' : ''}...`}
      </p>
      <ResultActions>
        <a href={DASHBOARD_PATH} className={buttonClasses()}>
          Accéder à mon espace client
        </a>
        {!stopped && (
          <Button variant="outline" onClick={stop}>
            Rester sur cette page
          </Button>
        )}
      </ResultActions>
    </div>
  );
}
