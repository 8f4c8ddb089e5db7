/**
 * How the event-log explorer's filters are read, for the API's request checks and the SPA's URL:
 * a filter that cannot be read is refused with one of these messages, never dropped, since the list
 * and the export would then cover more than was asked.
 */

/** An order's number (1042) or id. */
export const ORDER_REF =
  /^(\d{1,9}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;

/** `2026-11-25`, `2026-11-25T10:30` as a datetime-local input writes it, or a full ISO date with its zone. */
export const FILTER_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export const ACTOR_ID_MAX_LENGTH = 200;

export const eventLogFilterMessages = {
  order: 'Indiquez un numéro de commande (1042) ou son identifiant',
  type: "Type d'événement inconnu : choisissez-en un dans la liste",
  actorKind: "Type d'acteur inconnu",
  actorId: `L'identifiant de l'acteur ne doit pas dépasser ${ACTOR_ID_MAX_LENGTH} caractères`,
  date: 'Date illisible (format attendu : 2026-11-01 ou 2026-11-01T08:00)',
  noSuchDate: "Cette date n'existe pas",
  periodOrder: 'La fin de la période doit suivre son début',
} as const;

/**
 * A filter's date as an instant, or why it cannot be one. A date without a zone is read in the
 * reader's own (the browser's for the SPA), as a datetime-local input means it.
 */
export function readFilterDate(value: string): { date: Date } | { problem: string } {
  if (!FILTER_DATE.test(value)) return { problem: eventLogFilterMessages.date };
  const date = new Date(value);
  // JavaScript would read 2026-02-31 as 3 March.
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (Number.isNaN(date.getTime()) || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day)
    return { problem: eventLogFilterMessages.noSuchDate };
  return { date };
}
