// Demo room: /api/tokens, /api/tx, /api/demo/login, /api/demo/link-wallet and the event stream.
// Everything lives in memory and belongs to this app instance (test servers share nothing).
import { Elysia } from 'elysia'
import type { AppDeps } from '#src/app-deps'
import { DEMO_LIMITS, DEMO_MESSAGES, LinkWalletInput, TxInput } from '#src/contract/demo'
import { HttpError, badRequest, conflict, notFound, tooMany, validate } from '#src/lib/http-error'
import { RateLimiter } from '#src/lib/rate-limit'
import { clientIp } from '#src/plugins/client-ip'
import { eventsRoute } from './events-route'
import { createDemoRuntime } from './runtime'
import { hasValidChecksum, recoverPersonalSigner, toChecksumAddress } from './wallet'
import { clientSource } from '#src/lib/client-source'
import { routePolicies } from '#src/plugins/route-policies'

/** The demo token: `Authorization: Bearer <token>`, else a `token` field in the JSON body. */
function demoToken(request: Request, body: unknown): string | null {
  const header = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization')?.trim() ?? '')
  if (header) return header[1]!
  const field = body && typeof body === 'object' ? (body as { token?: unknown }).token : undefined
  return typeof field === 'string' && field !== '' ? field : null
}

export const demoRoutes = (deps: AppDeps) => {
  const { clock, config } = deps
  const demo = createDemoRuntime(deps)
  const { bus, tokens, txs, logins } = demo
  // Each write starts a timer or holds memory, so one client gets a human pace of them.
  const writes = new RateLimiter({ max: DEMO_LIMITS.writesPerMinute, windowMs: 60_000 }, clock)
  const limitWrites = (request: Request, server: Parameters<typeof clientIp>[1]) => {
    const verdict = writes.hit(clientSource(clientIp(request, server, config.trustProxy)))
    if (!verdict.ok) throw tooMany(verdict.retryAfterSeconds)
  }

  return new Elysia().use(routePolicies)
    .onStop(() => demo.close())
    .get('/api/tokens', ({ set }) => {
      const { list, hit } = tokens.read()
      bus.emit(hit ? 'tokens.cache_hit' : 'tokens.cache_miss', { updatedAt: list.updatedAt })
      set.headers['cache-control'] = 'no-store'
      return list
    })
    .post('/api/tx', ({ body, request, server, set }) => {
      validate(TxInput, body)
      limitWrites(request, server)
      set.status = 201
      return { id: txs.create() }
    })
    .get('/api/tx/:id', ({ params, set }) => {
      const state = txs.state(params.id)
      if (!state) throw notFound(DEMO_MESSAGES.txNotFound)
      set.headers['cache-control'] = 'no-store'
      return { id: params.id, state }
    })
    .post('/api/demo/login', ({ request, server, set }) => {
      limitWrites(request, server)
      const issued = logins.issue()
      bus.emit('demo.login.issued', {})
      set.headers['cache-control'] = 'no-store'
      return issued
    }, { bodyLimit: 4 * 1024 })
    .post('/api/demo/link-wallet', ({ body, request, server }) => {
      limitWrites(request, server)
      const token = demoToken(request, body)
      if (!token) throw new HttpError(401, DEMO_MESSAGES.loginRequired)
      const login = logins.lookup(token)
      if (!login.ok && login.reason === 'used') throw conflict(DEMO_MESSAGES.nonceUsed)
      if (!login.ok) throw new HttpError(401, DEMO_MESSAGES.loginUnknown)
      const input = validate(LinkWalletInput, body)
      if (!hasValidChecksum(input.address)) {
        throw badRequest('Invalid input.', [{ message: DEMO_MESSAGES.addressChecksum, code: 'checksum', path: 'address' }])
      }
      const signer = recoverPersonalSigner(login.nonce, input.signature)
      if (!signer) {
        throw badRequest('Invalid input.', [{ message: DEMO_MESSAGES.signatureInvalid, code: 'signature', path: 'signature' }])
      }
      // A valid signature by this address of anything but this login's nonce recovers someone else.
      if (signer !== input.address.toLowerCase()) {
        logins.fail(token)
        throw badRequest(DEMO_MESSAGES.signatureMismatch)
      }
      logins.consume(token)
      const address = toChecksumAddress(input.address)
      bus.emit('demo.wallet.linked', { address })
      return { address }
    })
    .use(eventsRoute(deps, demo))
}
