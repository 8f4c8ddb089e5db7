import { useQuery } from '@tanstack/react-query';
import { serverMessageOr } from '@/lib/form-errors';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { textLinkClasses } from '@/ui/text-link';
import { emailStatusQueryOptions } from '../api/get-email-status';
import { useForgetSessionOn401 } from '@/lib/admin-session/use-admin-session';
import { SectionCard, SectionError } from '@/ui/section-card';

const modeLabels = { smtp: 'SMTP', 'dev-mailbox': 'Boîte de test (développement)' } as const;

export function EmailStatusSection() {
  const status = useQuery(emailStatusQueryOptions());
  useForgetSessionOn401(status.error);

  return (
    <SectionCard id="configuration" title="Configuration du service email">
      {status.data ? (
        <div className="flex flex-col gap-4">
          <dl className="grid gap-4 text-sm sm:grid-cols-2">
            <div className="flex flex-col gap-1">
              <dt className="text-slate-600">Mode</dt>
              <dd className="font-semibold text-slate-900">
                {modeLabels[status.data.mode] ?? status.data.mode}{' '}
                <code className="ml-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-700">
                  {status.data.mode}
                </code>
              </dd>
            </div>
            <div className="flex flex-col items-start gap-1">
              <dt className="text-slate-600">Envoi réel configuré</dt>
              <dd>
                <Badge tone={status.data.configured ? 'success' : 'warning'}>
                  {status.data.configured ? 'Oui' : 'Non'}
                </Badge>
              </dd>
            </div>
          </dl>
          <p className="text-sm text-slate-700">{status.data.message}</p>
          <a href="#boite-de-test" className={`${textLinkClasses} self-start text-sm`}>
            Voir la boîte de test
          </a>
        </div>
      ) : status.isError ? (
        <SectionError
          message={serverMessageOr(status.error, 'Impossible de charger la configuration du service email.')}
        >
          <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
            Réessayer
          </Button>
        </SectionError>
      ) : (
        <Spinner label="Chargement de la configuration..." className="py-6" />
      )}
    </SectionCard>
  );
}
