import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { formatDate } from '@/lib/format-date';
import { type ReceiptAmounts, type VatOnReceipts } from '@/lib/invoices/invoices';

const cell = 'px-3 py-2 text-left';
const amount = 'px-3 py-2 text-right tabular-nums';
const day = (isoDate: string) => formatDate(`${isoDate}T12:00:00Z`);
const rate = (percent: number) => `${String(percent).replace('.', ',')} %`;

/**
 * « TVA sur les encaissements »: the payments received and refunded over the period, by VAT rate,
 * and how they reconcile with the documents issued over the same days.
 */
export function VatOnReceiptsSection({
  receipts,
  failed,
}: {
  receipts: VatOnReceipts | undefined;
  failed: boolean;
}) {
  return (
    <section
      aria-labelledby="receipts-title"
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="receipts-title" className="text-lg font-semibold text-slate-900">
        TVA sur les encaissements
      </h2>
      <p className="text-sm text-slate-600">
        Les paiements reçus (à la date de paiement, le jour de réception pour un paiement hors ligne) et les
        remboursements de la période, par taux de TVA : la TVA due sur les prestations de services.
      </p>
      {failed ? (
        <p className="text-sm text-red-700">Les encaissements n'ont pas pu être chargés.</p>
      ) : !receipts ? (
        <p className="text-sm text-slate-600">Chargement des encaissements…</p>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full min-w-[40rem] border-collapse text-sm">
              <caption className="sr-only">Encaissements et remboursements par taux de TVA</caption>
              <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
                <tr>
                  <th scope="col" className={cell}>
                    Taux
                  </th>
                  <th scope="col" className={amount}>
                    Encaissé HT
                  </th>
                  <th scope="col" className={amount}>
                    TVA encaissée
                  </th>
                  <th scope="col" className={amount}>
                    Remboursé HT
                  </th>
                  <th scope="col" className={amount}>
                    TVA remboursée
                  </th>
                  <th scope="col" className={amount}>
                    TVA due
                  </th>
                  <th scope="col" className={amount}>
                    Net TTC
                  </th>
                </tr>
              </thead>
              <tbody>
                {receipts.rates.map((r) => (
                  <Row key={r.vatRatePercent} label={`TVA ${rate(r.vatRatePercent)}`} {...r} />
                ))}
                <Row
                  label="Total"
                  received={receipts.received}
                  refunded={receipts.refunded}
                  net={receipts.net}
                  strong
                />
              </tbody>
            </table>
          </div>
          <p className="text-sm text-slate-700">
            Facturé moins avoirs émis sur la période :{' '}
            <strong>{formatEuros(receipts.invoicedWithVat)} TTC</strong>
            {receipts.differences.length === 0
              ? ' : égal aux encaissements nets.'
              : ' ; les écarts avec les encaissements nets, document par document :'}
          </p>
          {receipts.differences.length > 0 && (
            <ul className="flex flex-col gap-1 text-sm text-slate-700">
              {receipts.differences.map((d) => (
                <li key={d.number}>
                  <span className="font-mono">{d.number}</span> ({day(d.issueDate)}) : {d.reason} —{' '}
                  <span className="tabular-nums">{formatEuros(d.amountWithVat)} TTC</span>
                </li>
              ))}
            </ul>
          )}
          {receipts.mismatches.length > 0 && (
            <p role="alert" className="text-sm font-medium text-red-700">
              Paiement différent du montant facturé :{' '}
              {receipts.mismatches
                .map(
                  (m) =>
                    `${m.number} (payé ${formatEuros(m.paymentWithVat)}, facturé ${formatEuros(m.bookedWithVat)})`,
                )
                .join(', ')}
            </p>
          )}
        </>
      )}
    </section>
  );
}

function Row({
  label,
  received,
  refunded,
  net,
  strong = false,
}: {
  label: string;
  received: ReceiptAmounts;
  refunded: ReceiptAmounts;
  net: ReceiptAmounts;
  strong?: boolean;
}) {
  return (
    <tr className={`border-b border-slate-100 ${strong ? 'font-semibold' : ''}`}>
      <th scope="row" className={cell}>
        {label}
      </th>
      <td className={amount}>{formatEuros(received.totalAmount)}</td>
      <td className={amount}>{formatEuros(received.vatAmount)}</td>
      <td className={amount}>{formatEuros(-refunded.totalAmount)}</td>
      <td className={amount}>{formatEuros(-refunded.vatAmount)}</td>
      <td className={amount}>{formatEuros(net.vatAmount)}</td>
      <td className={amount}>{formatEuros(net.totalWithVat)}</td>
    </tr>
  );
}
