import {
  ACTOR_ID_MAX_LENGTH,
  FILTER_DATE,
  ORDER_REF,
  eventLogFilterMessages,
} from '@coseso/domain/events/event-log-filters';
import { actorKinds } from '@coseso/event-schemas/envelope';
import { eventTypes, knownEventType } from '@coseso/event-schemas/personal-fields';
import { Transform } from 'class-transformer';
import { ChoiceField, IntField, TextField } from '../../infra/http/request-fields.js';

const dateField = (description: string) =>
  TextField({
    optional: true,
    maxLength: 40,
    format: 'date-time',
    pattern: { regex: FILTER_DATE, message: eventLogFilterMessages.date },
    description,
  });

/** The filters of the event-log explorer and of its exports: each narrows the log, none is required. */
export class EventLogFilterDto {
  @TextField({
    optional: true,
    maxLength: 36,
    pattern: { regex: ORDER_REF, message: eventLogFilterMessages.order },
    description: "An order's number (1042) or id: only its stream",
  })
  order?: string;

  // A type the log does not know would match nothing: refused, so a typo is not read as « no event ».
  @Transform(({ value }) => (typeof value === 'string' ? (knownEventType(value) ?? value) : value))
  @ChoiceField(eventTypes, {
    optional: true,
    message: eventLogFilterMessages.type,
    description: 'Only events of this type, e.g. DepositPaid (any case)',
  })
  type?: string;

  @ChoiceField(actorKinds, {
    optional: true,
    message: eventLogFilterMessages.actorKind,
    description: 'Only events by this kind of actor',
  })
  actorKind?: string;

  @TextField({
    optional: true,
    maxLength: ACTOR_ID_MAX_LENGTH,
    description: "Only events by this actor id (an admin's id…)",
  })
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
