import { type OrderView } from '@coseso/domain/orders/order-view';
import { type ClientFiles, filesOpen, missingElements } from '../../utils/client-files';

/** The logo and texts the client chose to provide and has not sent yet, while the brief is open. */
export function MissingElements({ order, files }: { order: OrderView; files: ClientFiles['files'] }) {
  if (!filesOpen(order.status) || order.briefSubmittedByClient) return null;
  const missing = missingElements(order, files);
  if (missing.length === 0) return null;
  return (
    <section
      aria-labelledby="missing-title"
      className="rounded-2xl border border-amber-200 bg-amber-50 p-5 text-amber-950"
    >
      <h2 id="missing-title" className="font-semibold">
        Éléments manquants
      </h2>
      <p className="mt-1 text-sm">
        Vous avez choisi de nous les fournir : envoyez-les pour que nous puissions avancer.
      </p>
      <ul className="mt-2 list-disc pl-6 text-sm">
        {missing.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}
