import { eventLogSearchSchema, eventTypes } from './event-log-search';

describe('the event log’s filters in the URL', () => {
  it('offers every event type, and reads a type whatever its case', () => {
    expect(eventTypes).toContain('DepositPaid');
    expect(eventTypes).toContain('ContactEmailCorrected');
    expect(eventLogSearchSchema.parse({ type: 'depositpaid' }).type).toBe('DepositPaid');
  });
});
