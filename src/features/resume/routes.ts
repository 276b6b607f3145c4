// Resume room: admin signs and lists one-time links; the public inspects and redeems them.
import { Elysia } from 'elysia'
import type { AppDeps } from '#src/app-deps'
import { GOALS } from '#src/contract/analytics'
import { clientIp } from '#src/plugins/client-ip'
import type { AnalyticsCollector } from '#src/features/analytics'
import * as paths from '#src/contract/paths'
import { RESUME_NO_FILE } from '#src/contract/resume'
import { conflict, HttpError } from '#src/lib/http-error'
import { settingsStore } from '#src/features/settings'
import { consumeLink, createLink, findLink, linkState, listRecentLinks, readResume, resumeCandidates, resumeFileStatus, statusOf } from './service'
import { tokenVault } from './token-vault'
import { refusalMessage, refusalPage, wantsHtml, type PageFrame, type Refusal } from './visitor-page'
import { routePolicies } from '#src/plugins/route-policies'

/** A token in a URL must not leak onward or sit in a cache. */
const PRIVATE = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }

const STATUS: Record<Refusal, number> = { notFound: 404, used: 410, expired: 410, unavailable: 503 }

/** `frame`: the site's stylesheets and head script, for a refusal page (src/web gives them). */
export const resumeRoutes = ({ conn, config, clock, log }: AppDeps, analytics: AnalyticsCollector, frame: () => Promise<PageFrame>) => {
  const vault = tokenVault(config.dataDir)
  const settings = settingsStore(conn.db)
  /** The refusal as a page for a browser, else thrown as the contract's JSON error. */
  const refuse = async (request: Request, refusal: Refusal): Promise<Response> => {
    if (wantsHtml(request)) return refusalPage(STATUS[refusal], refusal, settings.get().siteName, await frame())
    throw new HttpError(STATUS[refusal], refusalMessage(refusal), undefined, PRIVATE)
  }
  return new Elysia().use(routePolicies)
    .post('/api/admin/resume/sign-url', ({ request, server, set }) => {
      if (!resumeFileStatus(config.dataDir, config.resumeFile).present) throw conflict(RESUME_NO_FILE)
      set.status = 201
      set.headers['cache-control'] = 'no-store'
      const link = createLink(conn.db, clock, vault)
      analytics.goal(GOALS.resumeLinkCreated, { headers: request.headers, ip: clientIp(request, server, config.trustProxy) }, '', true)
      return link
    })
    .get('/api/admin/resume/links', ({ set }) => {
      set.headers['cache-control'] = 'no-store'
      return { items: listRecentLinks(conn.db, clock, vault) }
    })
    .get('/api/resume/:token', async ({ params, request, set }) => {
      // NOTE: mail scanners and link previews follow URLs; a GET never consumes the link.
      const link = findLink(conn.db, params.token)
      if (!link) return refuse(request, 'notFound')
      const state = linkState(link, clock)
      if (wantsHtml(request)) {
        // A browser on the API address: a dead link is its page, a live one its landing page.
        const refusal = refusalFor(state.status)
        if (refusal) return refuse(request, refusal)
        return new Response(null, { status: 303, headers: { location: paths.resume(params.token), ...PRIVATE } })
      }
      Object.assign(set.headers, PRIVATE)
      return state
    })
    .post('/api/resume/:token', async ({ params, request, server }) => {
      const link = findLink(conn.db, params.token)
      if (!link) return refuse(request, 'notFound')
      const refusal = refusalFor(statusOf(link, clock.now()))
      if (refusal) return refuse(request, refusal)
      // Read before consuming: a missing or unreadable file must not burn the link.
      const file = await readResume(resumeCandidates(config.dataDir, config.resumeFile), (path, error) =>
        log.warn('resume file unreadable', { path, error: String(error) }),
      )
      if (!file) return refuse(request, 'unavailable')
      if (!consumeLink(conn.db, link.tokenHash, clock)) {
        // Lost the race (or expired meanwhile): answer as the link now stands.
        const now = findLink(conn.db, params.token)
        return refuse(request, refusalFor(now ? statusOf(now, clock.now()) : 'viewed') ?? 'used')
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

function refusalFor(status: 'valid' | 'viewed' | 'expired'): Refusal | null {
  if (status === 'viewed') return 'used'
  if (status === 'expired') return 'expired'
  return null
}
