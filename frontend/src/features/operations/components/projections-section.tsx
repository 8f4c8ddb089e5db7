import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForgetSessionOn401 } from '@/lib/admin-session/use-admin-session';
import { formatDateTime } from '@/lib/format-date';
import { serverMessageOr } from '@/lib/form-errors';
import { Badge, type BadgeTone } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { SectionCard } from '@/ui/section-card';
import { type ProjectorState, type ProjectorStatus, projectionsQueryOptions } from '../api/get-projections';
import { type RebuildState, currentRebuildQueryOptions, useStartRebuild } from '../api/start-rebuild';
import {
  LAG_WARNING_SECONDS,
  formatCount,
  formatDuration,
  projectorLabel,
  projectorStateLabels,
} from '../utils/operations-labels';
import { FullError } from './full-error';
import { RebuildProgress } from './rebuild-progress';

const stateTones: Record<ProjectorState, BadgeTone> = {
  running: 'success',
  failed: 'warning',
  'never-run': 'neutral',
  stale: 'warning',
};

interface ProjectionsSectionProps {
  /** Admins rebuild; auditors only read. */
  canWrite: boolean;
}

export function ProjectionsSection({ canWrite }: ProjectionsSectionProps) {
  const queryClient = useQueryClient();
  const projections = useQuery(projectionsQueryOptions(2_000));
  const start = useStartRebuild();
  const current = useQuery(currentRebuildQueryOptions());
  const [started, setRebuild] = useState<RebuildState | null>(null);
  const underway = current.data?.rebuild?.status === 'running' ? current.data.rebuild : null;
  const rebuild = started ?? underway;
  const running = rebuild?.status === 'running' || start.isPending;
  useForgetSessionOn401(projections.error, start.error);

  const launch = (projection?: string) =>
    start.mutate(projection, { onSuccess: (state) => setRebuild(state) });
  const finished = (state: RebuildState) => {
    setRebuild(state);
    void queryClient.invalidateQueries({ queryKey: projectionsQueryOptions().queryKey });
  };

  return (
    <SectionCard
      id="projections"
      title="Modèles de lecture"
      description="Chaque projecteur : où il en est dans le journal des événements, son retard, son état. Une reconstruction rejoue tout le journal dans des tables neuves pendant que les tables en service continuent de répondre, puis les remplace d'un coup."
      actions={
        canWrite && (
          <Button
            size="sm"
            pending={running}
            pendingLabel="Reconstruction en cours..."
            onClick={() => launch()}
          >
            Tout reconstruire
          </Button>
        )
      }
    >
      {start.error && (
        <FullError
          title="La reconstruction n'a pas démarré"
          error={serverMessageOr(start.error, 'Erreur de connexion')}
        />
      )}
      {rebuild && <RebuildProgress key={rebuild.id} started={rebuild} onFinished={finished} />}
      {projections.data ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Projecteur
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  État
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Position
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Retard
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Mis à jour
                </th>
                {canWrite && (
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {projections.data.map((projector) => (
                <ProjectorRow
                  key={projector.name}
                  projector={projector}
                  canWrite={canWrite}
                  busy={running}
                  onRebuild={() => launch(projector.name)}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : projections.isPending ? (
        <Spinner label="Chargement des projecteurs..." />
      ) : (
        <FullError
          title="Impossible de lire l'état des projecteurs"
          error={serverMessageOr(projections.error, '')}
        />
      )}
    </SectionCard>
  );
}

interface ProjectorRowProps {
  projector: ProjectorStatus;
  canWrite: boolean;
  busy: boolean;
  onRebuild: () => void;
}

function ProjectorRow({ projector, canWrite, busy, onRebuild }: ProjectorRowProps) {
  const label = projectorLabel(projector.name);
  const behind = projector.lagSeconds > LAG_WARNING_SECONDS;
  return (
    <>
      <tr className="border-b border-slate-100 align-top" data-projector={projector.name}>
        <th scope="row" className="py-3 pr-4 font-medium text-slate-900">
          {label}
          <span className="block font-mono text-xs font-normal text-slate-500">
            {projector.name} · v{projector.version ?? '–'}
            {projector.version !== projector.expectedVersion ? ` (code : v${projector.expectedVersion})` : ''}
          </span>
        </th>
        <td className="py-3 pr-4">
          <Badge tone={stateTones[projector.state]}>{projectorStateLabels[projector.state]}</Badge>
        </td>
        <td className="py-3 pr-4 tabular-nums">
          {projector.position === null ? '–' : `n° ${formatCount(projector.position)}`}
          <span className="block text-xs text-slate-500">{formatCount(projector.processed)} traités</span>
        </td>
        <td className={`py-3 pr-4 tabular-nums ${behind ? 'font-semibold text-amber-800' : ''}`}>
          {projector.lagEvents === 0
            ? 'À jour'
            : `${formatCount(projector.lagEvents)} événement${projector.lagEvents > 1 ? 's' : ''} · ${formatDuration(projector.lagSeconds)}`}
        </td>
        <td className="py-3 pr-4">{projector.updatedAt ? formatDateTime(projector.updatedAt) : '–'}</td>
        {canWrite && (
          <td className="py-3 text-right">
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              aria-label={`Reconstruire « ${label} »`}
              onClick={onRebuild}
            >
              Reconstruire
            </Button>
          </td>
        )}
      </tr>
      {projector.state === 'failed' && (
        <tr>
          <td colSpan={canWrite ? 6 : 5} className="pb-4">
            <FullError
              title={`Arrêté sur l'événement n° ${projector.errorPosition ?? '?'} : corrigez la cause, puis reconstruisez.`}
              error={projector.error ?? 'Erreur inconnue'}
            />
          </td>
        </tr>
      )}
    </>
  );
}
