import { Button } from '@/ui/button';
import { useVerifyLog } from '../api/verify-log';

/** "Vérifier l'intégrité": recomputes every stream's hash chain and names the first broken link. */
export function IntegrityCheck() {
  const verify = useVerifyLog();
  const report = verify.data;
  return (
    <section
      aria-labelledby="integrity"
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="integrity" className="text-lg font-semibold text-slate-900">
            Intégrité du journal
          </h2>
          <p className="text-sm text-slate-600">
            Chaque événement porte l'empreinte du précédent de son flux : une modification ou une suppression
            rompt la chaîne.
          </p>
        </div>
        <Button onClick={() => verify.mutate()} pending={verify.isPending} pendingLabel="Vérification...">
          Vérifier l'intégrité
        </Button>
      </div>
      <div aria-live="polite">
        {verify.isError && (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900">
            La vérification n'a pas pu aboutir. Réessayez dans un instant.
          </p>
        )}
        {report?.ok && (
          <p
            role="status"
            className="rounded-xl bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900"
          >
            Journal intact : {report.events} événement{report.events > 1 ? 's' : ''} dans {report.streams}{' '}
            flux vérifié{report.streams > 1 ? 's' : ''}.
          </p>
        )}
        {report && !report.ok && (
          <div
            role="alert"
            className="flex flex-col gap-2 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900"
          >
            <p className="font-semibold">
              Chaîne rompue dans {report.broken.length} flux sur {report.streams}.
            </p>
            {report.broken.map((link) => (
              <dl
                key={link.streamId}
                className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 font-mono text-xs wrap-anywhere"
              >
                <dt className="font-sans font-medium">Flux</dt>
                <dd>{link.streamId}</dd>
                <dt className="font-sans font-medium">Révision</dt>
                <dd>{link.revision}</dd>
                <dt className="font-sans font-medium">Empreinte attendue</dt>
                <dd>{link.expected ?? '—'}</dd>
                <dt className="font-sans font-medium">Empreinte trouvée</dt>
                <dd>{link.found ?? '—'}</dd>
                <dt className="font-sans font-medium">Constat</dt>
                <dd className="font-sans">{link.description}</dd>
              </dl>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
