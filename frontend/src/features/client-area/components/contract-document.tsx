import { cn } from '@/lib/cn';

// Typography for the server's contract markup (h1, h2, p, ul, strong, .reference).
const documentClasses = cn(
  'text-slate-800 leading-relaxed',
  '[&_h1]:text-2xl [&_h1]:font-bold [&_h1]:tracking-tight [&_h1]:text-slate-900',
  '[&_h2]:mt-8 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-slate-900',
  '[&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_li]:mt-1',
  '[&_strong]:font-semibold [&_strong]:text-slate-900 [&_.reference]:text-slate-600',
);

/** The contract as our server rendered it; its template escapes every value it inserts. */
export function ContractDocument({ html }: { html: string }) {
  return (
    <section
      aria-label="Document du contrat"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-10"
    >
      <div className={documentClasses} dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}
