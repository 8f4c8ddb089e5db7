import { Link } from '@tanstack/react-router';
import { Button } from '@/ui/button';
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
    <section
      aria-labelledby="books-check"
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="books-check" className="text-lg font-semibold text-slate-900">
            Les comptes
          </h2>
          <p className="text-sm text-slate-600">
            Pour chaque commande, chaque mois et chaque taux de TVA : facturé − avoirs = encaissé − remboursé,
            chaque paiement facturé une fois, chaque remboursement crédité une fois.
          </p>
        </div>
        <Button onClick={() => verify.mutate()} pending={verify.isPending} pendingLabel="Vérification...">
          Vérifier les comptes
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
            Les comptes sont justes : {report.orders} commande{report.orders > 1 ? 's' : ''},{' '}
            {report.documents} document{report.documents > 1 ? 's' : ''} vérifié
            {report.documents > 1 ? 's' : ''}.
          </p>
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
      </div>
    </section>
  );
}
