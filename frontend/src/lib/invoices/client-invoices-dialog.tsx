import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClasses, Button } from '@/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/ui/dialog';
import { type ListedInvoice, clientInvoicesQueryOptions } from './invoices';
import { InvoiceList, InvoiceTable } from './invoice-table';

/** « Voir les factures »: the order's invoices and credit notes, each downloadable as its PDF. */
export function ClientInvoicesDialog({ orderId }: { orderId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        Voir les factures
      </Button>
      {/* `sm:`, so that it wins over the dialog's own max-w-lg (the classes are joined, not merged). */}
      <DialogContent className="sm:max-w-3xl lg:max-w-4xl">
        <DialogTitle>Vos factures</DialogTitle>
        <DialogDescription>
          Chaque paiement fait l'objet d'une facture électronique (Factur-X), à télécharger en PDF.
        </DialogDescription>
        {open && <Invoices orderId={orderId} />}
      </DialogContent>
    </Dialog>
  );
}

function Invoices({ orderId }: { orderId: string }) {
  const { data, isPending, isError } = useQuery(clientInvoicesQueryOptions(orderId));
  if (isPending) return <p className="text-sm text-slate-600">Chargement des factures…</p>;
  if (isError)
    return <p className="text-sm text-red-700">Impossible de charger vos factures. Veuillez réessayer.</p>;
  if (data.invoices.length === 0)
    return (
      <p className="text-sm text-slate-600">
        Aucune facture pour le moment : elle est émise à chaque paiement.
      </p>
    );
  const download = (invoice: ListedInvoice) => (
    <a
      href={invoice.pdfUrl}
      download={`${invoice.number}.pdf`}
      className={buttonClasses({ variant: 'outline', size: 'sm' })}
    >
      Télécharger<span className="sr-only"> {invoice.number}</span>
    </a>
  );
  // A list on a phone, the table where its columns fit (the other one is not displayed, nor read).
  return (
    <>
      <InvoiceList className="md:hidden" invoices={data.invoices} download={download} />
      <div className="hidden md:block">
        <InvoiceTable caption="Vos factures et avoirs" invoices={data.invoices} download={download} />
      </div>
    </>
  );
}
