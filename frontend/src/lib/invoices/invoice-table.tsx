import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { formatDate } from '@/lib/format-date';
import { type ListedInvoice } from './invoices';

interface InvoiceTableProps {
  invoices: readonly ListedInvoice[];
  /** The download of one document: a link the session carries (client), or a call with the token (back-office). */
  download: (invoice: ListedInvoice) => React.ReactNode;
  caption: string;
  showOrder?: boolean;
}

const cell = 'px-3 py-2 text-left';
const amount = 'px-3 py-2 text-right tabular-nums whitespace-nowrap';

/** Invoices and credit notes: number, date, kind, HT, VAT and TTC, and the PDF. */
export function InvoiceTable({ invoices, download, caption, showOrder = false }: InvoiceTableProps) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[36rem] border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
          <tr>
            <th scope="col" className={cell}>
              Numéro
            </th>
            <th scope="col" className={cell}>
              Date
            </th>
            <th scope="col" className={cell}>
              Type
            </th>
            {showOrder && (
              <th scope="col" className={cell}>
                Commande
              </th>
            )}
            <th scope="col" className={amount}>
              Montant HT
            </th>
            <th scope="col" className={amount}>
              TVA
            </th>
            <th scope="col" className={amount}>
              Montant TTC
            </th>
            <th scope="col" className={cell}>
              <span className="sr-only">PDF</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => {
            const sign = invoice.kind === 'credit_note' ? -1 : 1;
            return (
              <tr key={invoice.number} className="border-b border-slate-100">
                <th scope="row" className={`${cell} font-mono font-medium whitespace-nowrap text-slate-900`}>
                  {invoice.number}
                </th>
                <td className={cell}>{formatDate(`${invoice.issueDate}T12:00:00Z`)}</td>
                <td className={cell}>
                  {invoice.kindLabel}
                  <KindNote invoice={invoice} />
                </td>
                {showOrder && <td className={cell}>#{invoice.orderNumber}</td>}
                <td className={amount}>{formatEuros(sign * invoice.totalAmount)}</td>
                <td className={amount}>{formatEuros(sign * invoice.vatAmount)}</td>
                <td className={`${amount} font-semibold`}>{formatEuros(sign * invoice.totalWithVat)}</td>
                <td className={cell}>{download(invoice)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Under the kind: the invoice a credit note corrects, why an invoice was issued again, the deposit a final invoice deducts. */
function KindNote({ invoice }: { invoice: ListedInvoice }) {
  return (
    <>
      {invoice.corrects && (
        <span className="block text-xs text-slate-500">sur la facture {invoice.corrects}</span>
      )}
      {invoice.note && <span className="block text-xs text-slate-500">{invoice.note}</span>}
      {invoice.depositsDeductedWithVat > 0 && (
        <span className="block text-xs text-slate-500">
          acompte de {formatEuros(invoice.depositsDeductedWithVat)} TTC déduit
        </span>
      )}
    </>
  );
}

/** The same documents as a list, for a narrow screen: each one's number, date, kind, amounts and PDF. */
export function InvoiceList({
  invoices,
  download,
  className,
}: Omit<InvoiceTableProps, 'caption' | 'showOrder'> & { className?: string }) {
  return (
    <ul aria-label="Vos factures et avoirs" className={`flex flex-col gap-3 ${className ?? ''}`}>
      {invoices.map((invoice) => {
        const sign = invoice.kind === 'credit_note' ? -1 : 1;
        return (
          <li
            key={invoice.number}
            className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3 text-sm"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-mono font-medium text-slate-900">{invoice.number}</span>
              <span className="text-slate-600">{formatDate(`${invoice.issueDate}T12:00:00Z`)}</span>
            </div>
            <div>
              {invoice.kindLabel}
              <KindNote invoice={invoice} />
            </div>
            <dl className="grid grid-cols-3 gap-2 tabular-nums">
              <div>
                <dt className="text-xs text-slate-500">Montant HT</dt>
                <dd>{formatEuros(sign * invoice.totalAmount)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">TVA</dt>
                <dd>{formatEuros(sign * invoice.vatAmount)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Montant TTC</dt>
                <dd className="font-semibold">{formatEuros(sign * invoice.totalWithVat)}</dd>
              </div>
            </dl>
            <div>{download(invoice)}</div>
          </li>
        );
      })}
    </ul>
  );
}
