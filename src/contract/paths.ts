// Every path of a public page or document that folio builds, under one encoding rule: each
// dynamic path segment through encodeURIComponent, each query through URLSearchParams (blank values
// left out). The server's links, feeds, sitemap, share tags and static export and the browser's
// links all build here, so a slug is spelled the same everywhere. The API's paths follow the same
// rule in ./api-paths.ts (public) and ./admin-paths.ts; absolute URLs are absoluteUrl(config.origin,
// path) (./site-origin.ts). Import it as a namespace (`import * as paths`): the bundler then keeps
// only the paths the browser builds, under short names.
// NOTE: the public site's first-load script (what client/site/entry.tsx imports statically: the
// layout, the route table, the not-found page, client/lib) must not import this module: /demo/dapp
// is a few hundred bytes under its 96 KB JavaScript budget (tests/e2e/page-weight.e2e.ts), which these
// builders would break. The lazy pages load it; tests/unit/web/site-bundle.test.ts keeps it out.

const segment = encodeURIComponent

/** `path` with the non-blank values (trimmed) as its query, in the order given. */
function withQuery(path: string, values: Record<string, string | undefined>): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(values)) if (value?.trim()) params.set(name, value.trim())
  const query = params.toString()
  return query ? `${path}?${query}` : path
}

/** The filters of the project and blog lists that live in their URLs. */
export type ListFilters = { search?: string; tag?: string }

export const home = '/'
export const projects = ({ search, tag }: ListFilters = {}) => withQuery('/projects', { search, tag })
/**
 * The projects with a tag: the tag links of cards, project pages and the skills page. NOTE: the tag
 * is written with encodeURIComponent (a space is %20), where `projects` writes '+';
 * tests/component/project-page.test.tsx pins that spelling. Both read back as the same filter.
 */
export const projectsTagged = (tag: string) => `/projects?tag=${segment(tag)}`
export const project = (slug: string) => `/projects/${segment(slug)}`
export const blog = ({ search, tag }: ListFilters = {}) => withQuery('/blog', { search, tag })
export const post = (slug: string) => `/blog/${segment(slug)}`
export const skills = ({ search, bucket }: { search?: string; bucket?: string } = {}) => withQuery('/skills', { search, bucket })
export const contact = '/contact'
export const privacy = '/privacy'
export const demo = '/demo/dapp'
/** A one-time resume link's landing page (never exported, never indexed). */
export const resume = (token: string) => `/resume/${segment(token)}`
/** A draft's private preview page. */
export const preview = (token: string) => `/preview/${segment(token)}`

/** The Atom and JSON feeds of the whole blog, or of one tag's posts (src/features/feeds). */
export function feeds(tag?: string): { atom: string; json: string } {
  const base = tag ? `/blog/tag/${segment(tag)}` : ''
  return { atom: `${base}/feed.xml`, json: `${base}/feed.json` }
}

export const sitemap = '/sitemap.xml'
export const robots = '/robots.txt'
