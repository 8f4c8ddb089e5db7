import { eventLogFilterMessages } from '@coseso/domain/events/event-log-filters';
import { eventLogSearchSchema, eventTypes, readEventLogSearch } from './event-log-search';

const read = (search: Record<string, unknown>) => readEventLogSearch(eventLogSearchSchema.parse(search));

describe('the event log’s filters in the URL', () => {
  it('offers every event type, and reads a type whatever its case', () => {
    expect(eventTypes).toContain('DepositPaid');
    expect(eventTypes).toContain('ContactEmailCorrected');
    expect(read({ type: 'depositpaid' })).toEqual({ ok: true, filters: { type: 'DepositPaid' } });
  });

  it('reads every filter it can, an order number the router decoded as a number included', () => {
    expect(
      read({
        orderRef: 1042,
        actorKind: 'admin',
        actorId: 'marie@agence.fr',
        from: '2026-11-01T08:00',
        to: '2026-11-02',
      }),
    ).toEqual({
      ok: true,
      filters: {
        orderRef: '1042',
        actorKind: 'admin',
        actorId: 'marie@agence.fr',
        from: '2026-11-01T08:00',
        to: '2026-11-02',
      },
    });
    expect(read({})).toEqual({ ok: true, filters: {} });
  });

  it.each([
    ['from', { from: 'hier' }, eventLogFilterMessages.date],
    ['to', { to: '2026-02-31' }, eventLogFilterMessages.noSuchDate],
    ['to', { from: '2026-11-02', to: '2026-11-01' }, eventLogFilterMessages.periodOrder],
    ['to', { from: '2026-11-01', to: '2026-11-01' }, eventLogFilterMessages.periodOrder],
    ['type', { type: 'DepositPayed' }, eventLogFilterMessages.type],
    ['actorKind', { actorKind: 'robot' }, eventLogFilterMessages.actorKind],
    ['orderRef', { orderRef: '-3' }, eventLogFilterMessages.order],
    ['orderRef', { orderRef: 'order-12' }, eventLogFilterMessages.order],
    ['actorId', { actorId: 'x'.repeat(201) }, eventLogFilterMessages.actorId],
  ])(
    'refuses an unreadable %s instead of dropping it (nothing listed for a wider range)',
    (field, search, message) => {
      const result = read({ ...search, type: 'type' in search ? search.type : 'DepositPaid' });
      expect(result).toEqual({ ok: false, problems: { [field]: message } });
    },
  );
});
