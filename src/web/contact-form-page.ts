// The contact page as the answer to a form posted without JavaScript (the contact feature's
// POST /contact is given it by src/app.ts), rendered by the site's own page renderer (the layout,
// the head, the form island) with the outcome in the form: the thanks, or the values sent back
// with what to fix. Never cached: it answers one post.
import type { AppDeps } from '#src/app-deps'
import * as paths from '#src/contract/paths'
import { absoluteUrl } from '#src/contract/site-origin'
import type { ContactPageAnswer } from '#src/features/contact/form-routes'
import { settingsStore } from '#src/features/settings/service'
import { imageSets } from '#src/features/uploads/image-records'
import { clientAssets } from './assets'
import { renderPage } from './render-page'
import { siteConfigOf } from './site-config'
import { serverSiteData } from './site-data'

export function contactFormPage({ conn, config, clock, log }: AppDeps): ContactPageAnswer {
  const settings = settingsStore(conn.db)
  const data = serverSiteData(conn.db, clock)
  const url = new URL(absoluteUrl(config.origin, paths.contact))
  return async (state, status, headers = {}) => {
    // NOTE: built per answer, not kept: posts are few (rate-limited), and a kept copy would need
    // the render cache's version to notice the owner's changes.
    const site = siteConfigOf(config, settings, (image) => imageSets(conn.db, [image]).get(image)!)
    const { response } = await renderPage({ url, site, origin: config.origin, data: { ...data, contactForm: state }, assets: (await clientAssets()).site, log, whole: true })
    const answer = new Headers(response.headers)
    answer.set('cache-control', 'no-store')
    for (const [name, value] of Object.entries(headers)) answer.set(name, value)
    return new Response(response.body, { status, headers: answer })
  }
}
