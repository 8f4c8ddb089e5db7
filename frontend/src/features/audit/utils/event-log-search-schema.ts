// zod/mini, alone in its file: the route's search schema ships in the entry chunk, and so does all
// that its file imports (the event types' list stays with the page, in event-log-search.ts).
import { z } from 'zod/mini';

// The router JSON-decodes search values ("?orderRef=1042" arrives as a number): read back as text.
// Each value is kept as typed, even unreadable, so the page can say what is wrong with it.
const text = z.catch(z.optional(z.coerce.string()), undefined);

/** `/admin/events?orderRef=&type=&actorKind=&actorId=&from=&to=`: the explorer's filters as the URL holds them. */
export const eventLogSearchSchema = z.object({
  orderRef: text,
  type: text,
  actorKind: text,
  actorId: text,
  from: text,
  to: text,
});
export type EventLogSearch = z.output<typeof eventLogSearchSchema>;
