// createApp composes the features into one Elysia app; it never listens (src/server.ts does).
import { Elysia } from 'elysia'
import type { AppDeps } from './app-deps'
import { authRoutes } from './features/auth/routes'
import { setupRoutes } from './features/setup/routes'
import { backupRoutes } from './features/backups/routes'
import { collectorFor } from './features/analytics/collector-of'
import { analyticsRoutes } from './features/analytics/routes'
import { contactRoutes } from './features/contact/routes'
import { notificationRoutes } from './features/notifications/routes'
import { contentFileRoutes } from './features/content-files/routes'
import { demoRoutes } from './features/demo/routes'
import { feedRoutes } from './features/feeds/routes'
import { healthRoutes } from './features/health/routes'
import { seoRoutes } from './features/seo/routes'
import { postRoutes } from './features/posts/routes'
import { previewRoutes } from './features/preview/routes'
import { projectRoutes } from './features/projects/routes'
import { resumeFileRoutes } from './features/resume/file-routes'
import { resumeRoutes } from './features/resume/routes'
import { settingsRoutes } from './features/settings/routes'
import { skillsRoutes } from './features/skills/routes'
import { uploadRoutes } from './features/uploads/routes'
import { signInMethodRoutes } from './features/sign-in-methods/routes'
import { adminBoundary } from './features/auth/admin-boundary'
import { bodyPlugin } from './plugins/body'
import { cachePolicy } from './plugins/cache-policy'
import { errorsPlugin } from './plugins/errors'
import { PolicyTable } from './plugins/route-policies'
import { requestLog, requestLogger } from './plugins/request-log'
import { securityHeaders, securityHeadersOf } from './plugins/security-headers'
import { fastPageRoutes } from './web/fast-pages'
import { shareCardRoutes } from './features/share-cards/routes'
import { contentChanges } from './web/cache/content-changes'
import { RenderCache } from './web/cache/render-cache'
import { nextScheduledChange } from './web/cache/scheduled-changes'
import { subscribePageCache } from './web/cache/subscribers'
import { webRoutes } from './web/routes'
import { HEAD_SCRIPT, SPECULATION_RULES } from './web/document'
import { sitePages } from './web/site-pages'
import { contactFormPage } from './web/contact-form-page'
import { busy, held } from './web/serve-page'
import { countedView } from './web/view-counting'

export function createApp(deps: AppDeps, cache = new RenderCache()) {
  const logRequest = requestLogger(deps.log, deps.config.logLevel)
  // One set for every answer: the plugin merges it into the app's, the page renderer puts it on
  // each page (so a cached copy carries it).
  const security = securityHeadersOf(deps.config, [HEAD_SCRIPT, SPECULATION_RULES])
  cache.followSchedule(deps.clock, () => nextScheduledChange(deps.conn.db, deps.clock))
  // New variants change what the pages with images say in their srcset.
  deps.images?.onMade(() => cache.change({ tags: ['projects', 'site'], items: [], cause: 'image variants' }))
  const pages = sitePages(deps, cache, security)
  // Cached pages are answered by Bun's router directly; a miss falls through to this app.
  let fallback: { fetch(request: Request): Response | Promise<Response> } | null = null
  const analytics = collectorFor(deps, countedView)
  const policies = new PolicyTable()
  const fast = fastPageRoutes(cache, () => fallback!, logRequest, deps.config, analytics)
  const app = new Elysia({ serve: { routes: fast.routes } })
    .onStop(() => {
      fast.flush()
      analytics.close()
    })
    .use(requestLog(logRequest, deps.config.trustProxy))
    .use(securityHeaders(security, deps.config))
    .use(errorsPlugin(deps.log))
    .use(bodyPlugin(policies))
    .use(adminBoundary(deps))
    .use(contentChanges(cache, policies))
    .use(cachePolicy())
    .use(healthRoutes(deps))
    .use(authRoutes(deps))
    .use(signInMethodRoutes(deps))
    .use(setupRoutes(deps))
    .use(projectRoutes(deps))
    .use(postRoutes(deps))
    .use(skillsRoutes(deps))
    .use(settingsRoutes(deps))
    .use(contactRoutes(deps, analytics, contactFormPage(deps)))
    .use(notificationRoutes(deps))
    .use(resumeRoutes(deps, analytics, pages.frame))
    .use(resumeFileRoutes(deps))
    .use(uploadRoutes(deps))
    .use(previewRoutes(deps))
    .use(analyticsRoutes(deps, analytics))
    .use(demoRoutes(deps))
    .use(backupRoutes(deps))
    .use(contentFileRoutes(deps))
    .use(feedRoutes(deps, analytics))
    .use(seoRoutes(deps))
    .use(shareCardRoutes(deps, (tag) => cache.version(tag), () => held(busy())))
    // Last: its catch-all serves every path the API did not claim.
    .use(webRoutes(deps, cache, pages, security, analytics))
  fallback = app
  // The routes' own declarations (bodyLimit, bodyKind, invalidates, shows), read by the plugins above.
  policies.fill(app.routes)
  // What a change of public content sets off: every subscriber is in that one file.
  const pageCache = subscribePageCache(cache, {
    config: deps.config,
    log: deps.log,
    warm: pages.warm,
    reads: () => policies.routes().flatMap((r) => (r.method === 'GET' && r.policy.shows ? [{ path: r.path, shows: r.policy.shows }] : [])),
  })
  return Object.assign(app, { policies, pageCache })
}

export type App = ReturnType<typeof createApp>
