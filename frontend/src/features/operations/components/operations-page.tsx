import { useAdminSession } from '@/lib/admin-session/use-admin-session';
import { FailedJobsSection } from './failed-jobs-section';
import { ProjectionsSection } from './projections-section';

export function OperationsPage() {
  // Admins rebuild and retry; auditors only read.
  const canWrite = useAdminSession().user.role === 'admin';
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
        <ProjectionsSection canWrite={canWrite} />
        <FailedJobsSection canWrite={canWrite} />
      </div>
    </>
  );
}
