// TRUST_PROXY: which hops in front of folio may speak for the visitor through X-Forwarded-For
// (decision docs/decisions/security/062). Every proxy in a chain appends the address it was
// reached from, so the visitor is the right-most hop that is not one of our own proxies: taking
// the right-most hop alone makes every visitor behind TLS proxy → Varnish → folio look like
// Varnish's 127.0.0.1, and one stranger's failures lock everyone out.
import { BlockList, isIP } from 'node:net'

export type TrustedProxies = {
  /** `1`: whatever reaches folio's socket is a proxy (the contract's meaning); a list: only those. */
  anyPeer: boolean
  /** Loopback, always; plus the networks TRUST_PROXY names. */
  isTrusted(ip: string): boolean
  /** What TRUST_PROXY said, for the start-up log. */
  describe: string
}

/** A hop as a bare address: `[v6]:port`, `v4:port` and a zone are what some proxies write. */
export function bareAddress(hop: string): string {
  const h = hop.trim()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(h)
  if (bracketed) return bracketed[1]!.replace(/%.*$/, '')
  const v4port = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(h)
  if (v4port) return v4port[1]!
  return h.replace(/%.*$/, '')
}

const MAX_NETWORKS = 32

/**
 * Parses TRUST_PROXY: unset or `0` (no proxy: X-Forwarded-For is ignored), `1` (any peer is a
 * proxy; loopback hops in the header are proxies too), or up to 32 comma-separated addresses or
 * CIDR networks of the proxies (`10.0.0.0/8, 2001:db8::/32`). Returns null for "no proxy", or a
 * string saying what is wrong.
 */
export function parseTrustProxy(value: string | undefined): TrustedProxies | null | string {
  const v = (value ?? '').trim()
  if (v === '' || v === '0') return null
  const list = new BlockList()
  list.addSubnet('127.0.0.0', 8, 'ipv4')
  list.addAddress('::1', 'ipv6')
  const isTrusted = (ip: string) => {
    const bare = bareAddress(ip)
    const family = isIP(bare)
    return family !== 0 && list.check(bare, family === 4 ? 'ipv4' : 'ipv6')
  }
  if (v === '1') return { anyPeer: true, isTrusted, describe: '1 (any peer; loopback hops)' }
  const entries = v.split(',').map((s) => s.trim()).filter(Boolean)
  if (entries.length > MAX_NETWORKS) return `must name at most ${MAX_NETWORKS} proxies`
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/')
    const family = isIP(address)
    const max = family === 4 ? 32 : 128
    const prefix = bits === undefined ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN
    if (!family || extra !== undefined || !(prefix >= 0 && prefix <= max)) {
      return `must be 1, or the addresses or networks of your proxies (such as 10.0.0.2 or 10.0.0.0/8), comma-separated; "${entry.slice(0, 60)}" is neither`
    }
    list.addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6')
  }
  return { anyPeer: false, isTrusted, describe: entries.join(', ') }
}

/**
 * The visitor's address: the right-most hop, counting the socket's peer as the last one, that is
 * not a trusted proxy. When every hop is a proxy, the left-most one.
 */
export function visitorAddress(peer: string, forwardedFor: string | null, trust: TrustedProxies | null): string {
  if (!trust) return peer
  if (!trust.anyPeer && !trust.isTrusted(peer)) return peer
  // NOTE: bounded: a header of 10,000 hops costs one split, and only the last 64 are walked.
  const hops = (forwardedFor ?? '').split(',').slice(-64).map(bareAddress).filter(Boolean)
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!trust.isTrusted(hops[i]!)) return hops[i]!
  }
  return hops[0] ?? peer
}
