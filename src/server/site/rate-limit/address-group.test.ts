import { describe, expect, it } from 'vitest';
import { limitKeyOf, networkKeyOf } from './address-group.js';

describe('limitKeyOf', () => {
  it('counts an IPv4 address as itself', () => {
    expect(limitKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(limitKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one, however it is written', () => {
    const keys = [
      '2001:db8:aa:bb::1',
      '2001:DB8:AA:BB:ffff:ffff:ffff:ffff',
      '2001:0db8:00aa:00bb:1234:5678:9abc:def0',
      'fe80::1%eth0'.replace('fe80::1', '2001:db8:aa:bb::2'),
      '2001:db8:aa:bb:0:0:192.0.2.1',
    ].map(limitKeyOf);
    expect(new Set(keys)).toEqual(new Set(['2001:db8:aa:bb::/64']));
    expect(limitKeyOf('2001:db8:aa:bc::1')).toBe('2001:db8:aa:bc::/64');
    expect(limitKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(limitKeyOf('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('leaves anything that is not an IP address as it is', () => {
    expect(limitKeyOf('unknown')).toBe('unknown');
  });
});

describe('networkKeyOf', () => {
  it('counts an IPv4 address (plain or mapped) as its /24', () => {
    expect(new Set(['203.0.113.7', '203.0.113.250', '::ffff:203.0.113.9'].map(networkKeyOf))).toEqual(
      new Set(['203.0.113.0/24']),
    );
    expect(networkKeyOf('203.0.114.7')).toBe('203.0.114.0/24');
  });

  it('counts an IPv6 address as its /48, however it is written', () => {
    const keys = ['2001:db8:aa:bb::1', '2001:DB8:AA:ffff::9', '2001:0db8:00aa::'].map(networkKeyOf);
    expect(new Set(keys)).toEqual(new Set(['2001:db8:aa::/48']));
    expect(networkKeyOf('2001:db8:ab::1')).toBe('2001:db8:ab::/48');
  });

  it('leaves anything that is not an IP address as it is', () => {
    expect(networkKeyOf('unknown')).toBe('unknown');
  });
});
