import { type Actor } from '@coseso/event-schemas/envelope';
import { personalFields } from '@coseso/event-schemas/personal-fields';
// zod/mini: the route's search schema ships in the entry chunk (so only the schema lives here).
import { z } from 'zod/mini';

export type ActorKind = Actor['kind'];

// The envelope's list, written here so the entry chunk does not carry the full zod it is built with.
export const actorKinds = [
  'visitor',
  'client',
  'admin',
  'auditor',
  'provider',
  'system',
] as const satisfies readonly ActorKind[];

// The router JSON-decodes search values ("?orderRef=1042" arrives as a number): read back as text,
// and a value that cannot be read is dropped rather than failing the page.
const text = (pattern: RegExp) => z.catch(z.optional(z.coerce.string().check(z.regex(pattern))), undefined);

const ORDER_REF = /^(\d{1,9}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;
// `2026-11-25T10:30` as a datetime-local input writes it (the browser's time zone), or a full ISO date.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Every event type of the log, in alphabetical order: the type filter offers these. */
export const eventTypes = Object.keys(personalFields).sort();
const typeByLowerCase = new Map(eventTypes.map((type) => [type.toLowerCase(), type]));

/** `/admin/events?orderRef=&type=&actorKind=&actorId=&from=&to=`: the explorer's filters, in the URL. */
export const eventLogSearchSchema = z.object({
  orderRef: text(ORDER_REF),
  // A known type, whatever its case (« depositpaid » is DepositPaid); anything else is dropped.
  type: z.catch(
    z.optional(
      z.pipe(
        z.coerce.string(),
        z.transform((value, ctx) => {
          const type = typeByLowerCase.get(value.trim().toLowerCase());
          if (!type) ctx.issues.push({ code: 'custom', message: 'type inconnu', input: value });
          return type ?? '';
        }),
      ),
    ),
    undefined,
  ),
  actorKind: z.catch(z.optional(z.enum(actorKinds)), undefined),
  actorId: text(/^.{1,200}$/),
  from: text(DATE_TIME),
  to: text(DATE_TIME),
});
export type EventLogFilters = z.output<typeof eventLogSearchSchema>;
