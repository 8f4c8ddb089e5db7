import { type ReactNode } from 'react';

/** The panel's parts the team jumps between, in the order they come. */
const panelParts = [
  { id: 'vente', label: 'Vente' },
  { id: 'argent', label: 'Argent' },
  { id: 'emails', label: 'E-mails' },
  { id: 'historique', label: 'Historique' },
  { id: 'brief', label: 'Brief' },
  { id: 'revisions', label: 'Révisions' },
] as const;
type PanelPart = (typeof panelParts)[number]['id'];

const partId = (orderId: string, part: PanelPart) => `commande-${orderId}-${part}`;

/** A part of the panel: a target of the jumps above. */
export function PanelGroup({
  id,
  orderId,
  children,
}: {
  id: PanelPart;
  orderId: string;
  children: ReactNode;
}) {
  return (
    <div id={partId(orderId, id)} className="flex scroll-mt-2 flex-col gap-4">
      {children}
    </div>
  );
}

/**
 * Jumps to a part of the panel (it scrolls on its own beside the list): buttons rather than
 * #anchors, which the router would take for a navigation.
 */
export function PanelSectionsNav({ orderId }: { orderId: string }) {
  return (
    <nav aria-label="Parties de la commande" className="flex flex-wrap gap-1.5">
      {panelParts.map((part) => (
        <button
          key={part.id}
          type="button"
          className="rounded-full border border-slate-300 px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-primary-500"
          onClick={() =>
            document.getElementById(partId(orderId, part.id))?.scrollIntoView({ block: 'start' })
          }
        >
          {part.label}
        </button>
      ))}
    </nav>
  );
}
