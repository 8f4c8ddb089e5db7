import { formatEurosHT, formatEurosTTC, formatEuros } from '@coseso/domain/pricing/format-euros';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { downloadAsAdmin } from '@/lib/download-file';
import { Button } from '@/ui/button';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';
import {
  type InvoicePeriod,
  periodInvoicesQueryOptions,
  periodQuery,
  vatOnReceiptsQueryOptions,
} from '@/lib/invoices/invoices';
import { VatOnReceiptsSection } from './vat-on-receipts-section';
import { InvoiceTable } from '@/lib/invoices/invoice-table';
import { PdfButton } from '@/lib/invoices/order-invoices-section';
import { BooksCheck } from './books-check';

const input =
  'rounded-lg border border-slate-300 px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-primary-500';

/**
 * The accountant's page: the invoices and credit notes issued over a period, their totals (credit
 * notes deducted), the CSV export (one line per document and VAT rate) and the zip of their PDFs.
 * Admins and auditors alike: it only reads.
 */
export function AccountantInvoicesPage() {
  const [period, setPeriod] = useState<InvoicePeriod>({});
  const pages = useInfiniteQuery(periodInvoicesQueryOptions(period));
  const data = pages.data?.pages[0];
  const isError = pages.isError && !data;
  const invoices = pages.data?.pages.flatMap((page) => page.invoices) ?? [];
  // The period the server answered for (by default the current month) fills the fields; what the
  // accountant has typed and not yet shown stays.
  const form = useForm<Required<InvoicePeriod>>({
    values: { from: data?.from ?? '', to: data?.to ?? '' },
    resetOptions: { keepDirtyValues: true },
  });
  const show = form.handleSubmit(({ from, to }) =>
    setPeriod({ from: from || undefined, to: to || undefined }),
  );
  const receipts = useQuery(vatOnReceiptsQueryOptions(period));
  const exportFile = useMutation({
    mutationFn: (kind: 'csv' | 'zip' | 'fec') =>
      kind === 'fec'
        ? downloadAsAdmin(`/api/admin/invoices/export-fec.csv${periodQuery(period)}`, 'journal-ventes.csv')
        : downloadAsAdmin(`/api/admin/invoices/export.${kind}${periodQuery(period)}`, `factures.${kind}`),
    onSuccess: (name) => showSuccessToast('Export prêt', `${name} est téléchargé.`),
    onError: () => showErrorToast('Erreur', "L'export n'a pas pu être téléchargé."),
  });
  return (
    <>
      <title>Factures · Back-office · Coseso</title>
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-2">
          <Link to="/admin" className="text-sm font-medium text-primary-700 underline underline-offset-2">
            Retour à l'espace admin
          </Link>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Factures</h1>
          <p className="text-slate-600">
            Les factures, factures d'acompte et avoirs émis, par date d'émission, pour la comptabilité.
          </p>
        </div>

        <form
          aria-label="Période"
          className="flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          onSubmit={show}
        >
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            Du
            <input type="date" className={input} {...form.register('from')} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            Au
            <input type="date" className={input} {...form.register('to')} />
          </label>
          <Button type="submit" size="sm">
            Afficher
          </Button>
          <div className="ml-auto flex flex-wrap gap-2">
            <Button
              type="button"
              size="sm"
              variant="outline"
              pending={exportFile.isPending && exportFile.variables === 'csv'}
              pendingLabel="Export…"
              onClick={() => exportFile.mutate('csv')}
            >
              Exporter en CSV
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              pending={exportFile.isPending && exportFile.variables === 'fec'}
              pendingLabel="Export…"
              onClick={() => exportFile.mutate('fec')}
            >
              Journal des ventes (FEC)
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              pending={exportFile.isPending && exportFile.variables === 'zip'}
              pendingLabel="Préparation…"
              onClick={() => exportFile.mutate('zip')}
            >
              Télécharger les PDF (zip)
            </Button>
          </div>
        </form>

        {isError ? (
          <p className="text-red-700">Les factures n'ont pas pu être chargées.</p>
        ) : !data ? (
          <p className="text-slate-600">Chargement des factures…</p>
        ) : (
          <>
            <section
              aria-labelledby="totals-title"
              className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <h2 id="totals-title" className="text-lg font-semibold text-slate-900">
                Totaux de la période, avoirs déduits
              </h2>
              <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-5">
                <Total label="Factures" value={String(data.totals.invoices)} />
                <Total label="Avoirs" value={String(data.totals.creditNotes)} />
                <Total label="Total HT" value={formatEurosHT(data.totals.totalAmount)} />
                <Total label="TVA" value={formatEuros(data.totals.vatAmount)} />
                <Total label="Total TTC" value={formatEurosTTC(data.totals.totalWithVat)} />
              </dl>
              <p className="mt-3 text-sm text-slate-600">
                Chaque document compte pour ce qu'il a encaissé : une facture finale sans l'acompte qu'elle
                déduit, compté par sa facture d'acompte.
              </p>
            </section>
            <VatOnReceiptsSection receipts={receipts.data} failed={receipts.isError} />
            {invoices.length === 0 ? (
              <p className="text-slate-600">Aucune facture émise sur cette période.</p>
            ) : (
              <>
                <InvoiceTable
                  caption="Factures et avoirs de la période"
                  invoices={invoices}
                  showOrder
                  download={(invoice) => <PdfButton invoice={invoice} />}
                />
                <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
                  <p aria-live="polite">
                    {invoices.length} document{invoices.length > 1 ? 's' : ''} affiché
                    {invoices.length > 1 ? 's' : ''} sur {data.totals.invoices + data.totals.creditNotes}
                  </p>
                  {pages.hasNextPage && (
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      pending={pages.isFetchingNextPage}
                      pendingLabel="Chargement…"
                      onClick={() => void pages.fetchNextPage()}
                    >
                      Afficher les documents suivants
                    </Button>
                  )}
                  {pages.isFetchNextPageError && (
                    <p className="text-red-700">Les documents suivants n'ont pas pu être chargés.</p>
                  )}
                </div>
              </>
            )}
          </>
        )}

        <BooksCheck />
      </div>
    </>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}
