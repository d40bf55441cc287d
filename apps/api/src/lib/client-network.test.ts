import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-network.ts';

describe('the network a client address counts as', () => {
  it('an IPv4 address is itself, also when written as IPv6', () => {
    expect(clientNetwork('192.0.2.10')).toBe('192.0.2.10');
    expect(clientNetwork('::ffff:192.0.2.10')).toBe('192.0.2.10');
  });

  it('an IPv6 address is its /64, however it is written', () => {
    const net = '2001:db8:1:2::/64';
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:eeee:dddd:cccc',
      '2001:DB8:1:2:0:0:0:7',
      '2001:db8:1:2::abcd:1',
      'fe80::1%eth0'.replace('fe80::', '2001:db8:1:2::'),
    ])
      expect(clientNetwork(ip), ip).toBe(net);
    expect(clientNetwork('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
  });

  it('anything else is left as given', () => {
    expect(clientNetwork('')).toBe('');
    expect(clientNetwork('unknown')).toBe('unknown');
  });
});
