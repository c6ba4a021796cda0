import { describe, expect, it } from 'vitest';
import { readableAddress } from './readable-address';

describe('readableAddress', () => {
  it('shows an IPv4-mapped IPv6 address as the IPv4 address it is', () => {
    expect(readableAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(readableAddress('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('leaves IPv6 and plain IPv4 addresses as they are', () => {
    expect(readableAddress('::1')).toBe('::1');
    expect(readableAddress('2001:db8::ffff:1')).toBe('2001:db8::ffff:1');
    expect(readableAddress('::ffff:abcd')).toBe('::ffff:abcd');
    expect(readableAddress('10.1.2.3')).toBe('10.1.2.3');
  });
});
