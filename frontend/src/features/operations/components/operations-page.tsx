import { FailedJobsSection } from './failed-jobs-section';
import { ProjectionsSection } from './projections-section';

interface OperationsPageProps {
  token: string;
  /** Admins rebuild and retry; auditors only read. */
  canWrite: boolean;
  onUnauthorized: () => void;
}

export function OperationsPage({ token, canWrite, onUnauthorized }: OperationsPageProps) {
  return (
    <>
      <title>Opérations · Coseso</title>
      <div className="flex flex-col gap-8">
        <div className="flex flex-col gap-2">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Opérations</h1>
          <p className="text-slate-600">
            L'état des modèles de lecture qui alimentent les listes, leur reconstruction, et les tâches
            d'arrière-plan en échec.
          </p>
        </div>
        <ProjectionsSection token={token} canWrite={canWrite} onUnauthorized={onUnauthorized} />
        <FailedJobsSection token={token} canWrite={canWrite} onUnauthorized={onUnauthorized} />
      </div>
    </>
  );
}
