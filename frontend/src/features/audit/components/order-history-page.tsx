import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatDateTime } from '@/lib/format-date';
import { useDownloadEvidenceBundle } from '@/lib/orders/download-evidence-bundle';
import { Button, buttonClasses } from '@/ui/button';
import { Input } from '@/ui/input';
import { Select } from '@/ui/select';
import { type HistoryStep, orderHistoryQueryOptions } from '../api/get-order-history';
import { actorLabel } from '../utils/actor-label';
import { actorNamesOf, diffStates, stateFacts } from '../utils/order-state-facts';
import { stepAt } from '../utils/time-travel';
import { StateDiff, StateFacts } from './state-diff';

interface OrderHistoryPageProps {
  orderId: string;
}

const stepName = (step: HistoryStep, index: number) =>
  `${index + 1}. ${formatDateTime(step.occurredAt)} · ${step.description}`;

/** An order's whole history, read from its stream: each event, who did it, and the order right after it. */
export function OrderHistoryPage({ orderId }: OrderHistoryPageProps) {
  const historyQuery = orderHistoryQueryOptions(orderId);
  const { data: history } = useSuspenseQuery(historyQuery);
  const { events: steps } = history;
  const queryClient = useQueryClient();
  // The download is itself an event of the order: the history shows it once it is recorded.
  const evidence = useDownloadEvidenceBundle(orderId, () => {
    void queryClient.invalidateQueries({ queryKey: historyQuery.queryKey });
  });
  const title = history.orderNumber
    ? `Historique de la commande #${history.orderNumber}`
    : 'Historique de la commande';

  return (
    <>
      <title>{`${title} · Coseso`}</title>
      <div className="flex flex-col gap-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="flex flex-col gap-1">
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
            <p className="text-slate-600">
              Chaque événement de la commande, qui l'a fait et quand, et la commande telle qu'elle était juste
              après.
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              pending={evidence.isPending}
              pendingLabel="Préparation du dossier…"
              onClick={() => evidence.mutate()}
            >
              Télécharger le dossier de preuves
            </Button>
            <Link
              to="/admin"
              search={{ order: orderId }}
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
            >
              Retour à la commande
            </Link>
            <Link
              to="/admin/events"
              search={{ orderRef: orderId }}
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
            >
              Voir dans le journal
            </Link>
          </div>
        </div>
        {steps.length === 0 ? (
          <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-600">
            Aucun événement pour cette commande.
          </p>
        ) : (
          <TimeTravel steps={steps} />
        )}
      </div>
    </>
  );
}

function TimeTravel({ steps }: { steps: readonly HistoryStep[] }) {
  const last = steps.length - 1;
  const [index, setIndex] = useState(last);
  const [notYet, setNotYet] = useState<string | null>(null);
  const step = steps[index]!;
  const nameOf = actorNamesOf(steps);
  const previous = index > 0 ? steps[index - 1]!.state : null;
  const go = (next: number) => {
    setNotYet(null);
    setIndex(Math.min(last, Math.max(0, next)));
  };
  const moment = useForm({ defaultValues: { at: '' } });
  const showStateAt = moment.handleSubmit(({ at: value }) => {
    const at = value ? new Date(value) : null;
    if (!at || Number.isNaN(at.getTime())) return;
    const found = stepAt(steps, at);
    if (found === -1) setNotYet(`La commande n'existait pas encore le ${formatDateTime(at)}.`);
    else go(found);
  });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <section
        aria-labelledby="history-events"
        className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="history-events" className="text-lg font-semibold text-slate-900">
          Événements
        </h2>
        <div className="flex flex-col gap-3" role="group" aria-label="Se déplacer dans le temps">
          <div className="flex items-center gap-2">
            <Button size="sm" variant="outline" onClick={() => go(index - 1)} disabled={index === 0}>
              Précédent
            </Button>
            <input
              type="range"
              min={0}
              max={last}
              value={index}
              onChange={(event) => go(Number(event.target.value))}
              aria-label="Moment de l'historique"
              aria-valuetext={stepName(step, index)}
              className="min-w-0 flex-1 accent-primary-600"
            />
            <Button size="sm" variant="outline" onClick={() => go(index + 1)} disabled={index === last}>
              Suivant
            </Button>
          </div>
          <p className="text-sm text-slate-600" aria-live="polite">
            Événement {index + 1} sur {steps.length}
          </p>
          <form onSubmit={showStateAt} className="flex flex-wrap items-end gap-2">
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
              État au
              <Input type="datetime-local" step={1} required className="py-1.5" {...moment.register('at')} />
            </label>
            <Button size="sm" type="submit">
              Afficher
            </Button>
          </form>
          {notYet && (
            <p role="status" className="text-sm text-amber-800">
              {notYet}
            </p>
          )}
        </div>
        <ol
          aria-label="Événements de la commande"
          className="flex max-h-[32rem] flex-col gap-1 overflow-y-auto"
        >
          {steps.map((s, i) => (
            <li key={s.position}>
              <button
                type="button"
                onClick={() => go(i)}
                aria-current={i === index ? 'step' : undefined}
                className={
                  'flex w-full flex-col gap-0.5 rounded-lg px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-primary-500 ' +
                  (i === index ? 'bg-primary-50 ring-1 ring-primary-200' : 'hover:bg-slate-50')
                }
              >
                <span className="font-medium text-slate-900 wrap-anywhere">{s.description}</span>
                <span className="text-xs text-slate-600">
                  {formatDateTime(s.occurredAt)} · {actorLabel(s.actor)}
                </span>
              </button>
            </li>
          ))}
        </ol>
      </section>

      <div className="flex flex-col gap-6">
        <section
          aria-labelledby="history-step"
          className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <div className="flex flex-col gap-1">
            <h2 id="history-step" className="text-lg font-semibold text-slate-900 wrap-anywhere">
              {step.description}
            </h2>
            <p className="text-sm text-slate-600">
              Le {formatDateTime(step.occurredAt)} · par {actorLabel(step.actor)}
            </p>
          </div>
          <div className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold text-slate-900">Ce qui a changé</h3>
            <StateDiff changes={diffStates(previous, step.state, nameOf)} label="Ce qui a changé" />
          </div>
          <div className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold text-slate-900">État de la commande après cet événement</h3>
            <StateFacts facts={stateFacts(step.state, nameOf)} label="État de la commande" />
          </div>
        </section>
        <ComparePoints steps={steps} />
      </div>
    </div>
  );
}

/** The difference between any two points of the history. */
function ComparePoints({ steps }: { steps: readonly HistoryStep[] }) {
  const [from, setFrom] = useState(0);
  const [to, setTo] = useState(steps.length - 1);
  const options = steps.map((s, i) => (
    <option key={s.position} value={i}>
      {stepName(s, i)}
    </option>
  ));
  return (
    <section
      aria-labelledby="history-compare"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="history-compare" className="text-lg font-semibold text-slate-900">
        Comparer deux moments
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          Depuis
          <Select value={from} onChange={(event) => setFrom(Number(event.target.value))}>
            {options}
          </Select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          Jusqu'à
          <Select value={to} onChange={(event) => setTo(Number(event.target.value))}>
            {options}
          </Select>
        </label>
      </div>
      <StateDiff
        changes={diffStates(steps[from]!.state, steps[to]!.state, actorNamesOf(steps))}
        label="Différences entre les deux moments"
      />
    </section>
  );
}
