// The client's IP: the socket address, or with TRUST_PROXY the right-most X-Forwarded-For hop
// that is not one of our own proxies (src/lib/trusted-proxies.ts).
import type { Server } from 'bun'
import { visitorAddress, type TrustedProxies } from '#src/lib/trusted-proxies'

export function clientIp(request: Request, server: Server<unknown> | null, trust: TrustedProxies | null): string {
  const peer = server?.requestIP(request)?.address ?? 'unknown'
  return trust ? visitorAddress(peer, request.headers.get('x-forwarded-for'), trust) : peer
}
