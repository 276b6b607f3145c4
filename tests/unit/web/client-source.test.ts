import { expect, test } from 'bun:test'
import { clientSource } from '#src/lib/client-source'

test.each([
  ['192.0.2.5', '192.0.2.5'],
  ['::ffff:192.0.2.5', '192.0.2.5'],
  ['::FFFF:c000:0205', '192.0.2.5'],
  ['0:0:0:0:0:ffff:192.0.2.5', '192.0.2.5'],
  ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
  ['2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
  ['2001:db8::1', '2001:db8:0:0::/64'],
  ['2001:db8::1:2:0:1', '2001:db8:0:0::/64'],
  ['2001:db8:1::2:1', '2001:db8:1:0::/64'],
  ['::1', '0:0:0:0::/64'],
  ['::', '0:0:0:0::/64'],
  ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ['[2001:db8:1:2::1]', '2001:db8:1:2::/64'],
])('%s counts as %s', (ip, source) => {
  expect(clientSource(ip)).toBe(source)
})

test('anything that is not an address is its own source, cut to a bounded length', () => {
  expect(clientSource('unknown')).toBe('unknown')
  expect(clientSource('x'.repeat(5000)).length).toBeLessThanOrEqual(64)
  expect(clientSource('2001:db8:::1')).not.toContain('/64')
})
