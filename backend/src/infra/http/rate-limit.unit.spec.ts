import { addressKey } from './rate-limit.js';

describe('the address a client is counted under', () => {
  it('is an IPv4 address whole', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('198.51.100.8')).not.toBe(addressKey('198.51.100.7'));
  });

  it('is an IPv4 address seen through IPv6 as that IPv4 address', () => {
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::FFFF:198.51.100.7')).toBe('198.51.100.7');
  });

  it('is the /64 of an IPv6 address, however it is spelt', () => {
    const key = '2001:db8:85a3:42::/64';
    for (const spelling of [
      '2001:db8:85a3:42::1',
      '2001:db8:85a3:42:ffff:ffff:ffff:ffff',
      '2001:0DB8:85A3:0042:0000:0000:0000:0001',
      '2001:db8:85a3:42:1:2::3',
      '2001:db8:85a3:42::1.2.3.4',
      '2001:db8:85a3:42::9%eth0',
    ])
      expect([spelling, addressKey(spelling)]).toEqual([spelling, key]);
  });

  it('tells apart two /64s that share a /48', () => {
    expect(addressKey('2001:db8:85a3:43::1')).toBe('2001:db8:85a3:43::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('counts a request without an address under one shared key', () => {
    expect(addressKey(undefined)).toBe('unknown');
  });
});
