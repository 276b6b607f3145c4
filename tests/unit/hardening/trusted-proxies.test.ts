// TRUST_PROXY (issue 32, finding 1): behind TLS proxy → Varnish → folio, Varnish's own loopback hop
// is the right-most; the visitor is the right-most hop that is not one of our proxies.
import { describe, expect, test } from 'bun:test'
import { bareAddress, parseTrustProxy, visitorAddress, type TrustedProxies } from '#src/lib/trusted-proxies'

const trust = (v: string) => parseTrustProxy(v) as TrustedProxies

describe('TRUST_PROXY=1', () => {
  const one = trust('1')
  test('the documented chain: the TLS proxy wrote the visitor, Varnish its own 127.0.0.1: the visitor it is', () => {
    expect(visitorAddress('127.0.0.1', '203.0.113.9, 127.0.0.1', one)).toBe('203.0.113.9')
    expect(visitorAddress('::1', '2001:db8::5, ::1', one)).toBe('2001:db8::5')
  })
  test('what the visitor wrote on the left is never taken: the proxies append the real hop', () => {
    expect(visitorAddress('127.0.0.1', '6.6.6.6, 127.0.0.1, 203.0.113.9, 127.0.0.1', one)).toBe('203.0.113.9')
    expect(visitorAddress('127.0.0.1', '127.0.0.1, 203.0.113.9', one)).toBe('203.0.113.9')
  })
  test('one proxy, as the contract says: the right-most hop, whatever the peer', () => {
    expect(visitorAddress('10.0.0.2', '198.51.100.7', one)).toBe('198.51.100.7')
    expect(visitorAddress('10.0.0.2', null, one)).toBe('10.0.0.2')
  })
  test('every hop loopback (a health check on the machine): the left-most', () => {
    expect(visitorAddress('127.0.0.1', '127.0.0.1, 127.0.0.1', one)).toBe('127.0.0.1')
  })
  test('hops with ports, brackets and zones are read as addresses', () => {
    expect(visitorAddress('127.0.0.1', '[2001:db8::7]:443, 127.0.0.1:6081', one)).toBe('2001:db8::7')
    expect(bareAddress(' 198.51.100.7:8080 ')).toBe('198.51.100.7')
    expect(bareAddress('fe80::1%eth0')).toBe('fe80::1')
    expect(one.isTrusted('::ffff:127.0.0.1')).toBe(true)
  })
  test('a header of 10,000 hops costs one walk of at most 64', () => {
    const header = Array.from({ length: 10_000 }, () => '127.0.0.1').join(',')
    const t0 = performance.now()
    expect(visitorAddress('127.0.0.1', `9.9.9.9,${header}`, one)).toBe('127.0.0.1')
    expect(performance.now() - t0).toBeLessThan(50)
  })
})

describe('TRUST_PROXY as networks', () => {
  const nets = trust('10.0.0.0/8, 2001:db8:1::/48, 192.0.2.1')
  test('the peer must be one of them, or the header is ignored', () => {
    expect(visitorAddress('198.51.100.7', '6.6.6.6', nets)).toBe('198.51.100.7')
    expect(visitorAddress('10.1.2.3', '198.51.100.7', nets)).toBe('198.51.100.7')
  })
  test('named proxies and loopback are skipped from the right', () => {
    expect(visitorAddress('127.0.0.1', '198.51.100.7, 192.0.2.1, 10.9.9.9', nets)).toBe('198.51.100.7')
    expect(visitorAddress('2001:db8:1::2', '2001:db8:2::9, 2001:db8:1::1', nets)).toBe('2001:db8:2::9')
  })
  test('unset and 0 mean no proxy; a wrong value says what is wrong', () => {
    expect(parseTrustProxy(undefined)).toBeNull()
    expect(parseTrustProxy('0')).toBeNull()
    expect(parseTrustProxy('yes')).toContain('"yes" is neither')
    expect(parseTrustProxy('10.0.0.0/8/1')).toContain('is neither')
    expect(parseTrustProxy('::1/129')).toContain('is neither')
  })
})
