import { clientKey } from './clientAddress';

describe('clientKey', () => {
  it('keeps a plain IPv4 address', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey(' 203.0.113.7 ')).toBe('203.0.113.7');
  });

  it('drops the port a proxy may append', () => {
    expect(clientKey('203.0.113.77:40001')).toBe('203.0.113.77');
    expect(clientKey('[2001:db8::1]:443')).toBe('2001:db8::/64');
    expect(clientKey('[2001:db8::1]')).toBe('2001:db8::/64');
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 address, in either spelling', () => {
    expect(clientKey('::ffff:203.0.113.50')).toBe('203.0.113.50');
    expect(clientKey('::FFFF:cb00:7132')).toBe('203.0.113.50');
    expect(clientKey('0:0:0:0:0:ffff:203.0.113.50')).toBe('203.0.113.50');
    expect(clientKey('[::ffff:203.0.113.50]:8080')).toBe('203.0.113.50');
    expect(clientKey('::ffff:127.0.0.1')).toBe('127.0.0.1');
  });

  it('groups IPv6 addresses by their /64 network', () => {
    const one = ['2001:db8:7:1::1', '2001:db8:7:1:ffff:ffff:ffff:ffff', '2001:DB8:7:1:abcd::', '2001:0db8:0007:0001:0:0:0:9', 'fe80::1%eth0'];
    expect(one.slice(0, 4).map((a) => clientKey(a))).toEqual(Array(4).fill('2001:db8:7:1::/64'));
    expect(clientKey(one[4])).toBe('fe80::/64');
    expect(clientKey('2001:db8:7:2::1')).toBe('2001:db8:7:2::/64');
    expect(clientKey('::1')).toBe('::/64');
  });

  it('takes another prefix length when configured (128 keeps every address apart)', () => {
    expect(clientKey('2001:db8:7:1::1', 128)).toBe('2001:db8:7:1::1');
    expect(clientKey('2001:0db8:0:0:1:0:0:1', 128)).toBe('2001:db8::1:0:0:1');
    expect(clientKey('2001:db8:7:1::1', 48)).toBe('2001:db8:7::/48');
    expect(clientKey('2001:db8:7fff:1::1', 36)).toBe('2001:db8:7000::/36');
    expect(clientKey('2001:db8:7fff:1::1', 56)).toBe('2001:db8:7fff::/56');
    expect(clientKey('2001:db8:7fff:1ff::1', 56)).toBe('2001:db8:7fff:100::/56');
  });

  it('keeps what is not an address as given (bounded), and names a missing one', () => {
    expect(clientKey('Unknown-Proxy')).toBe('unknown-proxy');
    expect(clientKey('x'.repeat(500))).toHaveLength(100);
    expect(clientKey('')).toBe('unknown');
    expect(clientKey(undefined)).toBe('unknown');
    expect(clientKey('999.1.1.1:80')).toBe('999.1.1.1');
  });

  it('answers the same when asked again, for another prefix, and for long texts', () => {
    for (let i = 0; i < 3; i++) expect(clientKey('2001:db8:7:1::1')).toBe('2001:db8:7:1::/64');
    expect(clientKey('2001:db8:7:1::1', 48)).toBe('2001:db8:7::/48');
    expect(clientKey('2001:db8:7:1::1')).toBe('2001:db8:7:1::/64');
    expect(clientKey('2001:db8:7:1::1', 128)).toBe('2001:db8:7:1::1');
    const long = `  ${'x'.repeat(150)}  `;
    expect(clientKey(long)).toBe('x'.repeat(100));
    expect(clientKey(long)).toBe('x'.repeat(100));
    expect(clientKey(undefined)).toBe('unknown');
  });
});
