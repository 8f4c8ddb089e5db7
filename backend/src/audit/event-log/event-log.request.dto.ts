import { actorKinds } from '@coseso/event-schemas/envelope';
import { ChoiceField, IntField, TextField } from '../../infra/http/request-fields.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const dateField = (description: string) =>
  TextField({
    optional: true,
    maxLength: 40,
    format: 'date-time',
    pattern: {
      regex: ISO_DATE,
      message: 'Date invalide (format attendu : 2026-11-01 ou 2026-11-01T08:00:00Z)',
    },
    description,
  });

/** The filters of the event-log explorer and of its exports: each narrows the log, none is required. */
export class EventLogFilterDto {
  @TextField({
    optional: true,
    maxLength: 36,
    pattern: {
      regex: /^(\d{1,9}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/,
      message: 'Indiquez un numéro de commande (1042) ou son identifiant',
    },
    description: "An order's number (1042) or id: only its stream",
  })
  order?: string;

  @TextField({
    optional: true,
    maxLength: 80,
    pattern: { regex: /^[A-Za-z]+$/, message: "Type d'événement invalide (ex. : DepositPaid)" },
    description: 'Only events of this type, e.g. DepositPaid',
  })
  type?: string;

  @ChoiceField(actorKinds, { optional: true, description: 'Only events by this kind of actor' })
  actorKind?: string;

  @TextField({ optional: true, maxLength: 200, description: "Only events by this actor id (an admin's id…)" })
  actorId?: string;

  @dateField('Only events recorded at or after this time')
  from?: string;

  @dateField('Only events recorded before this time')
  to?: string;
}

export class EventLogPageDto extends EventLogFilterDto {
  @TextField({
    optional: true,
    maxLength: 100,
    pattern: {
      regex: /^[0-9a-z:]+$/,
      message: 'Curseur de page invalide : reprenez depuis la première page',
    },
    description:
      'Cursor: the nextAfter of the previous page (opaque, made by the event store); absent or 0 for the first page',
  })
  after?: string;

  @IntField({
    optional: true,
    fromQuery: true,
    min: 1,
    max: 500,
    default: 50,
    description: 'Events per page',
  })
  limit: number = 50;
}
