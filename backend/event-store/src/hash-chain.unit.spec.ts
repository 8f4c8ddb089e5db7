import { createHash } from 'node:crypto';
import { canonicalJson, chainHash, eventContent, hashEvent } from './hash-chain.js';

describe('canonical JSON', () => {
  it('sorts keys at every depth by code unit, without whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: true, y: null }], c: 'é' }, 10: 'x', 9: 'y' })).toBe(
      '{"10":"x","9":"y","a":{"c":"é","d":[3,{"y":null,"z":true}]},"b":1}',
    );
  });

  it('writes what JSON.stringify writes for everything else', () => {
    const value = {
      at: new Date('2026-11-25T10:00:00.000Z'),
      gone: undefined,
      list: [undefined, 1e21, -0, 0.1, 'ligne\n"citée"\u2028'],
      nan: Number.NaN,
    };
    expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
    expect(canonicalJson(value)).toBe(
      '{"at":"2026-11-25T10:00:00.000Z","list":[null,1e+21,0,0.1,"ligne\\n\\"citée\\"\u2028"],"nan":null}',
    );
  });

  it('gives the same text for a value and the value read back from its JSON', () => {
    const value = { z: { b: [1, 2.5, 'x'], a: 'é€😀' }, a: false };
    expect(canonicalJson(JSON.parse(JSON.stringify(value)))).toBe(canonicalJson(value));
  });
});

describe('the chain', () => {
  const event = {
    type: 'OrderDraftCreated',
    schemaVersion: 1,
    data: { b: 2, a: 1 },
    metadata: { actor: 'x' },
  };

  it('hashes the previous hash followed by the canonical content, as sha256sum would', () => {
    const content =
      '{"data":{"a":1,"b":2},"metadata":{"actor":"x"},"schemaVersion":1,"type":"OrderDraftCreated"}';
    expect(eventContent(event)).toBe(content);
    const first = hashEvent('', event);
    expect(first).toBe(createHash('sha256').update(content).digest('hex'));
    expect(hashEvent(first, event)).toBe(
      createHash('sha256')
        .update(first + content)
        .digest('hex'),
    );
    expect(chainHash(first, content)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with any change of content or of the previous hash', () => {
    const base = hashEvent('', event);
    expect(hashEvent('', { ...event, data: { a: 1, b: 3 } })).not.toBe(base);
    expect(hashEvent('', { ...event, schemaVersion: 2 })).not.toBe(base);
    expect(hashEvent('0'.repeat(64), event)).not.toBe(base);
  });
});
