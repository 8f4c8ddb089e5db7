import { Link } from '@tanstack/react-router';
import { CheckPanel, CheckPassed } from '@/ui/check-panel';
import { type BooksBreak, useVerifyBooks } from '../api/verify-books';

/**
 * « Vérifier les comptes »: for every order, month and VAT rate, invoiced − credited = received −
 * refunded, each payment invoiced once, each refund credited once; names each order that breaks it.
 */
export function BooksCheck() {
  const verify = useVerifyBooks();
  const report = verify.data;
  const byOrder = new Map<string, BooksBreak[]>();
  for (const b of report?.breaks ?? []) byOrder.set(b.orderId, [...(byOrder.get(b.orderId) ?? []), b]);
  return (
    <CheckPanel
      id="books-check"
      title="Les comptes"
      description={
        <>
          Pour chaque commande, chaque mois et chaque taux de TVA : facturé − avoirs = encaissé − remboursé,
          chaque paiement facturé une fois, chaque remboursement crédité une fois.
        </>
      }
      buttonLabel="Vérifier les comptes"
      check={verify}
      result={
        <>
          {report?.ok && (
            <CheckPassed>
              Les comptes sont justes : {report.orders} commande{report.orders > 1 ? 's' : ''},{' '}
              {report.documents} document{report.documents > 1 ? 's' : ''} vérifié
              {report.documents > 1 ? 's' : ''}.
            </CheckPassed>
          )}
          {report && !report.ok && (
            <div
              role="alert"
              className="flex flex-col gap-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900"
            >
              <p className="font-semibold">
                {byOrder.size} commande{byOrder.size > 1 ? 's' : ''} sur {report.orders} ne tombe
                {byOrder.size > 1 ? 'nt' : ''} pas juste.
              </p>
              {[...byOrder].map(([orderId, breaks]) => (
                <div key={orderId} className="flex flex-col gap-1">
                  <Link
                    to="/admin/orders/$orderId/history"
                    params={{ orderId }}
                    className="font-medium underline underline-offset-2"
                  >
                    Commande n° {breaks[0]!.orderNumber} (historique)
                  </Link>
                  <ul className="list-disc pl-5">
                    {breaks.map((b, i) => (
                      <li key={i}>{b.why}</li>
                    ))}
                  </ul>
                </div>
              ))}
              {report.numbering.map((problem) => (
                <p key={problem}>Numérotation : {problem}</p>
              ))}
            </div>
          )}
        </>
      }
    />
  );
}
