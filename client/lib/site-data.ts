// The data a public page needs, behind one interface: over HTTP in the browser, through the
// services on the server. Query keys are shared, so server-prefetched data hydrates the client.
// Each query says what content it shows (`meta.shows`): the server caches a page rendered from
// these alone and drops it when an admin write changes that content (src/web/serve-page.ts).
import type { PostSummary, PostWithNeighbours } from '#src/contract/post'
import type { Project, ProjectListItem } from '#src/contract/project'
import type { Skill } from '#src/contract/skill'
import type { ContentTag } from '#src/contract/content-tags'
import type { ContactFormState } from '#src/contract/contact-form'
import type { ResumeLinkState } from '#src/contract/resume'

/** `order: 'relevance'`: a search's results best first (the pages ask for it when searching). */
export type ProjectFilters = { search?: string; tag?: string; _?: string; order?: 'relevance' }
export type PostFilters = { search?: string; tag?: string; limit?: number; order?: 'relevance' }

export type SiteData = {
  projects(filters: ProjectFilters): Promise<ProjectListItem[]>
  project(slug: string): Promise<Project>
  posts(filters: PostFilters): Promise<PostSummary[]>
  post(slug: string): Promise<PostWithNeighbours>
  skills(): Promise<Skill[]>
  /**
   * A one-time resume link's state, null when there is no such link; only the live server has
   * it (a static export has no resume pages). Reading it never uses the link up.
   */
  resumeLink?(token: string): Promise<ResumeLinkState | null>
  /** The contact form's outcome after a form POST without JavaScript (src/features/contact/form-page.ts); absent otherwise. */
  contactForm?: ContactFormState
}

/** Drops empty values so `{search: ''}` and `{}` share one cache entry. */
const compact = <T extends Record<string, unknown>>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== '')) as T

export const projectsQuery = (data: SiteData, filters: ProjectFilters) => ({
  queryKey: ['projects', compact(filters)] as const,
  meta: { shows: 'projects' satisfies ContentTag },
  queryFn: () => data.projects(compact(filters)),
})
export const projectQuery = (data: SiteData, slug: string) => ({
  queryKey: ['project', slug] as const,
  meta: { shows: 'projects' satisfies ContentTag },
  queryFn: () => data.project(slug),
})
export const postsQuery = (data: SiteData, filters: PostFilters) => ({
  queryKey: ['posts', compact(filters)] as const,
  meta: { shows: 'posts' satisfies ContentTag },
  queryFn: () => data.posts(compact(filters)),
})
export const postQuery = (data: SiteData, slug: string) => ({
  queryKey: ['post', slug] as const,
  meta: { shows: 'posts' satisfies ContentTag },
  queryFn: () => data.post(slug),
})
export const skillsQuery = (data: SiteData) => ({
  queryKey: ['skills'] as const,
  meta: { shows: 'skills' satisfies ContentTag },
  queryFn: () => data.skills(),
})
/** No `shows`: a resume page is never cached (client/site/routes.ts), so nothing is tagged. */
export const resumeLinkQuery = (data: SiteData, token: string) => ({
  queryKey: ['resume-link', token] as const,
  queryFn: () => (data.resumeLink ? data.resumeLink(token) : Promise.reject(new Error('No resume links here.'))),
})
