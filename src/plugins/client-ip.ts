// The client's IP: the socket address, or the right-most X-Forwarded-For hop when TRUST_PROXY=1.
import type { Server } from 'bun'

export function clientIp(request: Request, server: Server<unknown> | null, trustProxy: boolean): string {
  if (trustProxy) {
    const hops = (request.headers.get('x-forwarded-for') ?? '').split(',').map((h) => h.trim()).filter(Boolean)
    const last = hops[hops.length - 1]
    if (last) return last
  }
  return server?.requestIP(request)?.address ?? 'unknown'
}
