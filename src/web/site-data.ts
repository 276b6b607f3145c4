// The server's SiteData: the same services the API uses, no HTTP hop.
import type { SiteData } from '#client/lib/site-data'
import type { Db } from '#db/connection'
import type { Clock } from '../lib/clock'
import { getPost, listPosts } from '../features/posts/service'
import { getProject, listProjects } from '../features/projects/service'
import { listSkills } from '../features/skills/service'
import { findLink, linkState } from '../features/resume/service'

/** What the public sees at the clock's moment; `preview` also finds that one draft by its slug. */
export function serverSiteData(db: Db, clock: Clock, preview?: { kind: 'post' | 'project'; slug: string }): SiteData {
  const now = () => clock.now().toISOString()
  const anyStatus = (kind: 'post' | 'project', slug: string) => ({ anyStatus: preview?.kind === kind && preview.slug === slug })
  return {
    projects: async (filters) => listProjects(db, now(), filters),
    project: async (slug) => getProject(db, slug, now(), anyStatus('project', slug)),
    posts: async (filters) => listPosts(db, now(), filters),
    post: async (slug) => getPost(db, slug, now(), anyStatus('post', slug)),
    skills: async () => listSkills(db, now()),
    resumeLink: async (token) => {
      const link = findLink(db, token)
      return link ? linkState(link, clock) : null
    },
  }
}
