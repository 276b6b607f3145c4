// Resume room: admin signs and lists one-time links; the public inspects and redeems them.
import { Elysia } from 'elysia'
import type { AppDeps } from '#src/app-deps'
import { GOALS } from '#src/contract/analytics'
import { RESUME_MESSAGES } from '#src/contract/resume'
import { clientIp } from '#src/plugins/client-ip'
import type { AnalyticsCollector } from '../analytics/collector'
import { HttpError, notFound } from '#src/lib/http-error'
import { consumeLink, createLink, findLink, linkState, listRecentLinks, readResume, resumeCandidates, statusOf } from './service'
import { tokenVault } from './token-vault'
import { routePolicies } from '#src/plugins/route-policies'

/** A token in a URL must not leak onward or sit in a cache. */
const PRIVATE = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }

const gone = (message: string) => new HttpError(410, message, undefined, PRIVATE)

export const resumeRoutes = ({ conn, config, clock, log }: AppDeps, analytics: AnalyticsCollector) => {
  const vault = tokenVault(config.dataDir)
  return new Elysia().use(routePolicies)
    .post('/api/admin/resume/sign-url', ({ request, server, set }) => {
      set.status = 201
      set.headers['cache-control'] = 'no-store'
      const link = createLink(conn.db, clock, vault)
      analytics.goal(GOALS.resumeLinkCreated, { headers: request.headers, ip: clientIp(request, server, config.trustProxy) }, '', true)
      return link
    }, { invalidates: [] })
    .get('/api/admin/resume/links', ({ set }) => {
      set.headers['cache-control'] = 'no-store'
      return { items: listRecentLinks(conn.db, clock, vault) }
    })
    .get('/api/resume/:token', ({ params, set }) => {
      // NOTE: mail scanners and link previews follow URLs; a GET never consumes the link.
      const link = findLink(conn.db, params.token)
      if (!link) throw notFound(RESUME_MESSAGES.notFound)
      Object.assign(set.headers, PRIVATE)
      return linkState(link, clock)
    })
    .post('/api/resume/:token', async ({ params, request, server }) => {
      const link = findLink(conn.db, params.token)
      if (!link) throw notFound(RESUME_MESSAGES.notFound)
      const refusal = refusalFor(statusOf(link, clock.now()))
      if (refusal) throw gone(refusal)
      // Read before consuming: a missing or unreadable file must not burn the link.
      const file = await readResume(resumeCandidates(config.dataDir, config.resumeFile), (path, error) =>
        log.warn('resume file unreadable', { path, error: String(error) }),
      )
      if (!file) throw new HttpError(503, RESUME_MESSAGES.unavailable, undefined, PRIVATE)
      if (!consumeLink(conn.db, link.tokenHash, clock)) {
        // Lost the race (or expired meanwhile): answer as the link now stands.
        const now = findLink(conn.db, params.token)
        throw gone(refusalFor(now ? statusOf(now, clock.now()) : 'viewed') ?? RESUME_MESSAGES.used)
      }
      analytics.goal(GOALS.resumeLinkUsed, { headers: request.headers, ip: clientIp(request, server, config.trustProxy) })
      return new Response(file, {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="resume.pdf"',
          'x-content-type-options': 'nosniff',
          ...PRIVATE,
        },
      })
    })
}

function refusalFor(status: 'valid' | 'viewed' | 'expired'): string | null {
  if (status === 'viewed') return RESUME_MESSAGES.used
  if (status === 'expired') return RESUME_MESSAGES.expired
  return null
}
