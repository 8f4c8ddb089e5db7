import { Progress } from '@/ui/progress';
import { type RebuildState } from '../api/start-rebuild';
import { useRebuildProgress } from '../api/watch-rebuild';
import { formatCount, formatDuration, projectorLabel } from '../utils/operations-labels';
import { FullError } from './full-error';

interface RebuildProgressProps {
  started: RebuildState;
  onFinished: (state: RebuildState) => void;
}

const whatOf = (state: RebuildState) =>
  state.projections.length === 1
    ? `« ${projectorLabel(state.projections[0]!)} »`
    : `toutes les données (${state.projections.length} modèles de lecture)`;

/** A rebuild's live progress, pushed by the server; mount it with `key={started.id}`. */
export function RebuildProgress({ started, onFinished }: RebuildProgressProps) {
  const { state, lost } = useRebuildProgress(started, onFinished);
  const what = whatOf(state);
  const seconds = state.finishedAt
    ? (new Date(state.finishedAt).getTime() - new Date(state.startedAt).getTime()) / 1_000
    : 0;

  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
      data-testid="rebuild-progress"
    >
      {state.status === 'running' && (
        <>
          <p className="text-sm font-medium text-slate-900" role="status">
            Reconstruction de {what} en cours
            {state.projections.length > 1 && state.current ? ` : « ${projectorLabel(state.current)} »` : ''}
            {state.phase === 'swapping' ? ', mise en service des nouvelles tables…' : '…'}
          </p>
          <Progress value={state.percent} max={100} label="Avancement de la reconstruction" />
          <p className="text-sm text-slate-600">
            {state.percent} % · {formatCount(state.processed)} / {formatCount(state.total)} événements ·{' '}
            {formatCount(state.eventsPerSecond)} événements/s · temps restant :{' '}
            {state.secondsLeft === null ? 'calcul…' : formatDuration(state.secondsLeft)}
          </p>
        </>
      )}
      {state.status === 'done' && (
        <p className="text-sm font-medium text-emerald-800" role="status">
          Reconstruction terminée : {what}, {formatCount(state.processed)} événements en{' '}
          {formatDuration(seconds)} ({formatCount(state.eventsPerSecond)} événements/s).
        </p>
      )}
      {state.status === 'failed' && (
        <FullError
          title={`La reconstruction de ${what} a échoué${state.current ? ` sur « ${projectorLabel(state.current)} »` : ''}. Les données en service n'ont pas été modifiées.`}
          error={state.error ?? 'Erreur inconnue'}
        />
      )}
      {lost && <FullError title="Suivi interrompu" error={lost} />}
    </div>
  );
}
