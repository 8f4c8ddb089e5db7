import { CheckPanel, CheckPassed } from '@/ui/check-panel';
import { useVerifyLog } from '../api/verify-log';

/** "Vérifier l'intégrité": recomputes every stream's hash chain and names the first broken link. */
export function IntegrityCheck() {
  const verify = useVerifyLog();
  const report = verify.data;
  return (
    <CheckPanel
      id="integrity"
      title="Intégrité du journal"
      description={
        <>
          Chaque événement porte l'empreinte du précédent de son flux : une modification ou une suppression
          rompt la chaîne.
        </>
      }
      buttonLabel="Vérifier l'intégrité"
      check={verify}
      result={
        <>
          {report?.ok && (
            <CheckPassed>
              Journal intact : {report.events} événement{report.events > 1 ? 's' : ''} dans {report.streams}{' '}
              flux vérifié{report.streams > 1 ? 's' : ''}.
            </CheckPassed>
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
        </>
      }
    />
  );
}
