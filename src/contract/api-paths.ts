// The public API of contract.md as paths under API_PREFIX, the way the API client takes them
// ('/posts' -> '{API base}/api/posts'), with the rule of ./paths.ts: each dynamic segment through
// encodeURIComponent. Import it as a namespace (`import * as apiPaths`). NOTE: the site's
// page script carries it (client/site/page-views-script.ts), so it holds API paths only.

/** What the API client puts before these paths. */
export const API_PREFIX = '/api'

const segment = encodeURIComponent

export const projects = '/projects'
export const project = (slug: string) => `/projects/${segment(slug)}`
export const posts = '/posts'
export const post = (slug: string) => `/posts/${segment(slug)}`
export const skills = '/skills'
export const contact = '/contact'
export const pageView = '/analytics/pv'
export const resume = (token: string) => `/resume/${segment(token)}`
export const tokens = '/tokens'
export const tx = '/tx'
export const txStatus = (id: string) => `/tx/${segment(id)}`
export const demoLogin = '/demo/login'
export const linkWallet = '/demo/link-wallet'
export const demoEvents = '/demo/events'
