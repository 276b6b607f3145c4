// Search engines' room: /sitemap.xml and /robots.txt (canonical URLs and noindex live in the pages).
import { Elysia } from 'elysia'
import type { AppDeps } from '#src/app-deps'
import { PUBLIC_CACHE } from '#src/plugins/cache-policy'
import { routePolicies } from '#src/plugins/route-policies'
import { robotsTxt, sitemapEntries, sitemapXml } from './sitemap'

export const seoRoutes = ({ conn, config, clock }: AppDeps) =>
  new Elysia().use(routePolicies)
    .get('/sitemap.xml', () => new Response(sitemapXml(config.origin, sitemapEntries(conn.db, clock.now().toISOString())), { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': PUBLIC_CACHE } }), { shows: ['posts', 'projects'] })
    .get('/robots.txt', () => new Response(robotsTxt(config.origin), { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': PUBLIC_CACHE } }))
