import { useQuery } from '@tanstack/react-query';
import { useForgetSessionOn401 } from '@/lib/admin-session/use-admin-session';
import { formatDateTime } from '@/lib/format-date';
import { serverMessageOr } from '@/lib/form-errors';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';
import { SectionCard } from '@/ui/section-card';
import { type FailedJob, failedJobsQueryOptions } from '../api/get-failed-jobs';
import { useRetryFailedJob } from '../api/retry-failed-job';
import { FullError } from './full-error';

const queueLabels: Record<FailedJob['queue'], string> = { jobs: 'Tâches', emails: 'Emails' };

interface FailedJobsSectionProps {
  canWrite: boolean;
}

export function FailedJobsSection({ canWrite }: FailedJobsSectionProps) {
  const jobs = useQuery(failedJobsQueryOptions());
  const retry = useRetryFailedJob();
  useForgetSessionOn401(jobs.error, retry.error);

  const relaunch = (job: FailedJob) =>
    retry.mutate(job, {
      onSuccess: () => showSuccessToast('Tâche relancée', `${job.name} (${job.id}) est de nouveau en file.`),
      onError: (error) => showErrorToast('Relance impossible', serverMessageOr(error, 'Erreur de connexion')),
    });

  return (
    <SectionCard
      id="taches-en-echec"
      title="Tâches en échec"
      description="Effets de bord qui ont épuisé leurs tentatives (emails, création des comptes clients, suivi des paiements, émission des contrats). Une tâche relancée garde son identifiant : son effet n'a lieu qu'une fois."
      actions={
        <Button
          variant="outline"
          size="sm"
          pending={jobs.isFetching}
          pendingLabel="Actualisation..."
          onClick={() => void jobs.refetch()}
        >
          Actualiser
        </Button>
      }
    >
      {jobs.data ? (
        jobs.data.length === 0 ? (
          <p className="text-sm text-slate-600">Aucune tâche en échec.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {jobs.data.map((job) => (
              <li
                key={`${job.queue}/${job.id}`}
                data-job-id={job.id}
                className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4"
              >
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="flex flex-col gap-0.5">
                    <p className="font-medium text-slate-900">
                      {job.name}{' '}
                      <span className="text-sm font-normal text-slate-500">
                        · {queueLabels[job.queue]} · {job.id}
                      </span>
                    </p>
                    <p className="text-sm text-slate-600">
                      Tentatives : {job.attempts}/{job.maxAttempts}
                      {job.failedAt && <> · dernier échec le {formatDateTime(job.failedAt)}</>}
                    </p>
                    {job.summary && (
                      <p className="font-mono text-xs wrap-anywhere text-slate-600">{job.summary}</p>
                    )}
                  </div>
                  {canWrite && (
                    <Button
                      size="sm"
                      variant="outline"
                      pending={retry.isPending && retry.variables?.id === job.id}
                      pendingLabel="Relance..."
                      aria-label={`Relancer ${job.name} (${job.id})`}
                      onClick={() => relaunch(job)}
                    >
                      Relancer
                    </Button>
                  )}
                </div>
                <FullError title="Erreur" error={job.stacktrace.at(-1) ?? job.error} />
              </li>
            ))}
          </ul>
        )
      ) : jobs.isPending ? (
        <Spinner label="Chargement des tâches..." />
      ) : (
        <FullError title="Impossible de lister les tâches en échec" error={serverMessageOr(jobs.error, '')} />
      )}
    </SectionCard>
  );
}
