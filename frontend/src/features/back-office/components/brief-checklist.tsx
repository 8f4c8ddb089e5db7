import { type AdminOrderDetail } from '../api/get-admin-order';

/**
 * The elements the order's brief needs, each received or not, and whether the client said they had
 * nothing to send: on the panel and inside « Valider le brief », where the team decides on it.
 */
export function BriefChecklist({
  order,
}: {
  order: Pick<AdminOrderDetail, 'briefChecklist' | 'nothingToSend'>;
}) {
  const required = order.briefChecklist.filter((item) => item.required);
  return (
    <>
      {required.length === 0 ? (
        <p className="text-sm text-slate-600">Aucun élément n'est demandé au client pour ce brief.</p>
      ) : (
        <ul aria-label="Checklist du brief" className="flex flex-col gap-1.5 text-sm">
          {required.map((item) => (
            <li key={item.item} className="flex items-center gap-2">
              <span aria-hidden="true" className={item.provided ? 'text-emerald-600' : 'text-amber-600'}>
                {item.provided ? '✓' : '○'}
              </span>
              <span className="text-slate-800">{item.label} :</span>
              <span className={item.provided ? 'text-emerald-700' : 'text-amber-700'}>
                {item.provided ? 'reçu' : 'Aucun fichier envoyé'}
              </span>
            </li>
          ))}
        </ul>
      )}
      {order.nothingToSend && (
        <p className="text-sm text-slate-600">Le client a indiqué n'avoir rien à envoyer.</p>
      )}
    </>
  );
}
