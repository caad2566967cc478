import { describe, expect, it } from 'vitest';
import { isLoopback, rateLimitKey, trustedProxy } from './clientAddress';

describe('trusted proxies (BACKEND_TRUST_PROXY)', () => {
  it('trusts loopback by default and nothing with none', () => {
    expect(trustedProxy(undefined as unknown as string)('127.0.0.1')).toBe(true);
    expect(trustedProxy('loopback')('::ffff:127.0.0.5')).toBe(true);
    expect(trustedProxy('loopback')('10.0.0.1')).toBe(false);
    expect(trustedProxy('none')('127.0.0.1')).toBe(false);
    expect(trustedProxy('false')('::1')).toBe(false);
  });

  it('trusts exactly the listed addresses, ignoring entries that are not addresses', () => {
    const trust = trustedProxy('10.0.0.2, ::ffff:10.0.0.3');
    expect(trust('10.0.0.2')).toBe(true);
    expect(trust('::ffff:10.0.0.2')).toBe(true);
    expect(trust('10.0.0.3')).toBe(true);
    expect(trust('127.0.0.1')).toBe(false);
  });

  it('refuses a mistyped setting instead of quietly trusting nobody', () => {
    for (const wrong of ['loopbak', 'true', '10.0.0.0/8', '10.0.0.2, proxy.example', '10.0.0.2,']) {
      expect(() => trustedProxy(wrong), wrong).toThrow(/BACKEND_TRUST_PROXY/);
    }
  });

  it('knows loopback in both families', () => {
    expect(isLoopback('::1') && isLoopback('127.1.2.3')).toBe(true);
    expect(isLoopback('::2') || isLoopback('128.0.0.1')).toBe(false);
  });
});

describe('rate-limit key', () => {
  it('keeps IPv4 addresses (also IPv4-mapped) as they are', () => {
    expect(rateLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitKey(undefined)).toBe('unknown');
  });

  it('counts IPv6 clients by their /64, however the address is written', () => {
    const a = rateLimitKey('2001:db8:1:2::1');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe(a);
    expect(rateLimitKey('2001:DB8:1:2:0:0:0:9')).toBe(a);
    expect(rateLimitKey('2001:db8:1:3::1')).not.toBe(a);
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitKey('fe80::1')).toBe('fe80:0:0:0::/64');
  });
});
