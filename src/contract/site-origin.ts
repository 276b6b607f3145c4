// SITE_URL, parsed once (src/config.ts): the canonical origin every absolute link, feed, sitemap
// entry and share tag starts with, and whether the site is served over https (cookie prefixes,
// HSTS, the http-to-https redirect).

export type SiteOrigin = {
  /** 'https://example.com' or 'http://localhost:3000': scheme, host and port, no trailing slash. */
  origin: string
  /** 'example.com' or 'localhost:3000': what a browser sends as Host and Origin for this site. */
  host: string
  /** https: the cookies get their `__Host-`/`__Secure-` names and Secure, and HSTS is sent. */
  secure: boolean
}

/**
 * `siteUrl` must be an absolute http(s) URL (src/config.ts checks it). NOTE: only the origin counts:
 * folio serves every page from the root, so a path after the host (or a trailing slash) is dropped.
 */
export function parseSiteOrigin(siteUrl: string): SiteOrigin {
  const url = new URL(siteUrl)
  return { origin: url.origin, host: url.host, secure: url.protocol === 'https:' }
}

/** `path` (a root path such as paths.post(slug), with its query) on the site: 'https://example.com/blog/x'. */
export const absoluteUrl = (site: Pick<SiteOrigin, 'origin'>, path: string) => site.origin + (path.startsWith('/') ? path : `/${path}`)
