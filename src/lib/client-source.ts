// The source a per-address limit counts against (sign-ins, analytics pace, contact, streams):
// an IPv4 address, or an IPv6 /64.
import { isIPv4, isIPv6 } from 'node:net'

/** Longest key kept for something that is not an address (a proxy's odd X-Forwarded-For). */
const MAX_OTHER = 64

/** The eight hextets of a valid IPv6 address, a dotted IPv4 tail folded into the last two. */
function hextets(ip: string): number[] {
  let text = ip
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (tail) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number]
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, rest] = text.split('::') as [string, string | undefined]
  const left = head ? head.split(':') : []
  const right = rest ? rest.split(':') : []
  const zeros = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0')
  return [...left, ...zeros, ...right].map((h) => parseInt(h, 16))
}

/** One subscriber is usually handed a whole IPv6 /64 to roam in, so the /64 is one source. */
export function clientSource(address: string): string {
  const ip = address.trim().replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '').toLowerCase()
  if (isIPv4(ip)) return ip
  if (!isIPv6(ip)) return address.slice(0, MAX_OTHER)
  const h = hextets(ip)
  // ::ffff:a.b.c.d is an IPv4 client reaching a dual-stack socket: the same source as a.b.c.d.
  if (h.slice(0, 5).every((x) => x === 0) && h[5] === 0xffff) return [h[6]! >> 8, h[6]! & 255, h[7]! >> 8, h[7]! & 255].join('.')
  return `${h.slice(0, 4).map((x) => x.toString(16)).join(':')}::/64`
}
