import { moreElementsAwaited } from '@coseso/domain/orders/client-journey';
import { type OrderView } from '@coseso/domain/orders/order-view';

/** The team's « Demander plus d'éléments », in the tab where the client answers it, until the brief goes back. */
export function MoreElementsRequest({ order }: { order: OrderView }) {
  if (!moreElementsAwaited(order)) return null;
  return (
    <section
      aria-labelledby="more-elements-title"
      data-testid="more-elements-request"
      className="flex flex-col gap-2 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950 sm:p-6"
    >
      <h2 id="more-elements-title" className="font-semibold">
        Notre équipe a besoin d'éléments supplémentaires
      </h2>
      <blockquote className="border-l-4 border-amber-300 pl-3 text-sm whitespace-pre-line wrap-anywhere">
        {order.moreElementsMessage}
      </blockquote>
      <p className="text-sm">
        Ajoutez-les ci-dessous, puis soumettez à nouveau votre brief : notre équipe reprend alors votre
        projet.
      </p>
    </section>
  );
}
