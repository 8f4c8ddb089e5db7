import { type ProjectorState } from '../api/get-projections';

/** What each read model serves, for people; its technical name is shown beside. */
export const projectorLabels: Record<string, string> = {
  'order-views': 'Commandes (liste et détail)',
  'order-timeline': 'Historique des commandes',
  'client-accounts': 'Comptes clients',
  invoices: 'Factures et avoirs',
  conversation: 'Conversations avec les clients',
  catalogue: 'Catalogue (offres et tarifs)',
};

export const projectorLabel = (name: string) => projectorLabels[name] ?? name;

export const projectorStateLabels: Record<ProjectorState, string> = {
  running: 'En service',
  failed: 'Arrêté',
  'never-run': 'Jamais lancé',
  stale: 'À reconstruire',
};

/** Past this lag, the back-office warns that its lists may be stale. */
export const LAG_WARNING_SECONDS = 5;

const number = new Intl.NumberFormat('fr-FR');
export const formatCount = (value: number) => number.format(value);

/** "12 s", "3 min 05 s", "1 h 02 min". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3_600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3_600)} h ${String(Math.floor((s % 3_600) / 60)).padStart(2, '0')} min`;
}
