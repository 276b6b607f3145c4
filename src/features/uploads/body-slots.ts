// At most BODIES_AT_ONCE upload or import bodies in flight at once: each is read whole into memory
// (up to 10 MiB of image, 64 MiB of zip) before its handler runs, so eight 10 MB uploads at once
// took the server from 80 to 265 MB (audit 32, finding 9c). Past it a request is answered 429 with
// Retry-After as soon as its headers arrive, before a byte of its body is read.
// NOTE: checked in onRequest, before routing, because the body plugin reads the body in onParse,
// the first hook that knows the route; so the routes are named here by method and path.
import { Elysia } from 'elysia'
import type { AppDeps } from '#src/app-deps'
import { tooMany } from '#src/lib/http-error'

export const BODIES_AT_ONCE = 2
/** Seconds a refused upload waits: one of 10 MB on a home connection's upstream takes about that. */
export const BODY_RETRY_AFTER_S = 5

/** The routes whose bodies count: an image upload and a content import. */
export const BODY_SLOT_ROUTES = new Set(['POST /api/admin/uploads', 'POST /api/admin/content/import'])

const routeOf = (request: Request) => {
  // The router takes `/api/admin/uploads/` for `/api/admin/uploads`: so does the count.
  const path = new URL(request.url).pathname.replace(/(.)\/+$/, '$1')
  return `${request.method} ${path}`
}

type Count = { app: number; inFlight: number; holders: WeakSet<Request> }
/** One count per app (tests run several in a process), shared by every feature that uses it. */
const counts = new WeakMap<AppDeps, Count>()
let apps = 0

/**
 * The gate, used by the features whose routes it names. Elysia keeps one copy of a named plugin
 * per seed, so its hooks run once per request however many features use it. A slot is held from
 * the request's headers to its answer, whatever the answer (an error in the body's reading or the
 * handler included: onAfterResponse runs for them too).
 */
export function bodySlots(deps: AppDeps) {
  let count = counts.get(deps)
  if (!count) counts.set(deps, (count = { app: ++apps, inFlight: 0, holders: new WeakSet() }))
  const state = count
  return new Elysia({ name: 'folio.body-slots', seed: state.app })
    .onRequest(({ request }) => {
      if (!BODY_SLOT_ROUTES.has(routeOf(request))) return
      if (state.inFlight >= BODIES_AT_ONCE) throw tooMany(BODY_RETRY_AFTER_S, 'Another upload or import is under way; try again in a few seconds.')
      state.inFlight++
      state.holders.add(request)
    })
    .onAfterResponse({ as: 'global' }, ({ request }) => {
      if (state.holders.delete(request)) state.inFlight--
    })
}
