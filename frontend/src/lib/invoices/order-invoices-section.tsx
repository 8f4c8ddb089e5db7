import { useMutation, useQuery } from '@tanstack/react-query';
import { downloadAsAdmin } from '@/lib/download-file';
import { Button } from '@/ui/button';
import { showErrorToast } from '@/ui/toaster';
import { type ListedInvoice, orderInvoicesQueryOptions } from './invoices';
import { InvoiceTable } from './invoice-table';

/** The order's invoices and credit notes on its back-office panel (admins and auditors). */
export function OrderInvoicesSection({ orderId }: { orderId: string }) {
  const { data, isError } = useQuery(orderInvoicesQueryOptions(orderId));
  return (
    <section
      aria-labelledby="order-invoices-title"
      className="flex flex-col gap-2 border-t border-slate-100 pt-4"
    >
      <h3 id="order-invoices-title" className="text-sm font-semibold text-slate-900">
        Factures et avoirs
      </h3>
      {isError ? (
        <p className="text-sm text-red-700">Les factures n'ont pas pu être chargées.</p>
      ) : !data ? (
        <p className="text-sm text-slate-500">Chargement…</p>
      ) : data.invoices.length === 0 ? (
        <p className="text-sm text-slate-500">Aucune facture émise : chaque paiement en émet une.</p>
      ) : (
        <InvoiceTable
          caption="Factures et avoirs de la commande"
          invoices={data.invoices}
          download={(invoice) => <PdfButton invoice={invoice} />}
        />
      )}
    </section>
  );
}

export function PdfButton({ invoice }: { invoice: ListedInvoice }) {
  const download = useMutation({
    mutationFn: () => downloadAsAdmin(invoice.pdfUrl, `${invoice.number}.pdf`),
    onError: () => showErrorToast('Erreur', 'Le PDF n’a pas pu être téléchargé.'),
  });
  return (
    <Button
      size="sm"
      variant="outline"
      pending={download.isPending}
      pendingLabel="PDF…"
      onClick={() => download.mutate()}
    >
      PDF<span className="sr-only"> {invoice.number}</span>
    </Button>
  );
}
