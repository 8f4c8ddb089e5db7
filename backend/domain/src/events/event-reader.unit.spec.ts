import {
  clientIdOf,
  clientStreamId,
  isClientStream,
  isOrderStream,
  orderIdOf,
  orderStreamId,
  readClientEvent,
  readOrderEvent,
} from './event-reader.js';

const ORDER_ID = '8a7c2f1e-4b5d-4c3e-9f10-112233445566';
const CLIENT_ID = '2b9e4c1a-7d3f-4e8a-9b6c-5d4e3f2a1b0c';
const metadata = {
  actor: { kind: 'system', id: 'test' },
  commandId: 'c',
  correlationId: 'c',
  causationId: 'c',
  occurredAt: '2026-11-22T09:00:00.000Z',
};

describe('stream names', () => {
  it('names an order stream and reads the order id back', () => {
    const streamId = orderStreamId(ORDER_ID);
    expect(isOrderStream(streamId)).toBe(true);
    expect(isClientStream(streamId)).toBe(false);
    expect(orderIdOf({ streamId })).toBe(ORDER_ID);
  });

  it('names a client stream and reads the client id back', () => {
    const streamId = clientStreamId(CLIENT_ID);
    expect(isClientStream(streamId)).toBe(true);
    expect(isOrderStream(streamId)).toBe(false);
    expect(clientIdOf({ streamId })).toBe(CLIENT_ID);
  });

  it('refuses to take an id out of another kind of stream', () => {
    expect(() => orderIdOf({ streamId: clientStreamId(CLIENT_ID) })).toThrow(/not an order stream/);
    expect(() => clientIdOf({ streamId: orderStreamId(ORDER_ID) })).toThrow(/not a client stream/);
  });
});

describe('reading a stored event', () => {
  const stored = {
    streamId: orderStreamId(ORDER_ID),
    type: 'OrderFormReopened',
    schemaVersion: 1,
    data: {},
    metadata,
  };

  it('gives an order event its type, data and metadata', () => {
    expect(readOrderEvent(stored)).toEqual({ type: 'OrderFormReopened', data: {}, metadata });
  });

  it('gives a client event its type, data and metadata', () => {
    const data = { purpose: 'initial' };
    expect(
      readClientEvent({
        streamId: clientStreamId(CLIENT_ID),
        type: 'ClientPasswordSet',
        schemaVersion: 1,
        data,
        metadata,
      }),
    ).toEqual({ type: 'ClientPasswordSet', data, metadata });
  });

  it('refuses an event of another stream kind, or of a type it does not know', () => {
    expect(() => readClientEvent(stored)).toThrow(/not a client stream/);
    expect(() => readOrderEvent({ ...stored, type: 'ClientPasswordSet' })).toThrow(
      /ClientPasswordSet v1 is not a known order event/,
    );
    expect(() => readOrderEvent({ ...stored, type: 'Poison' })).toThrow(/Poison/);
  });
});
