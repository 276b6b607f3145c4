// The server's SiteData: the same services the API uses, no HTTP hop.
import type { SiteData } from '../../client/lib/site-data'
import type { Db } from '../../db/connection'
import { getPost, listPosts } from '../features/posts/service'
import { getProject, listProjects } from '../features/projects/service'
import { listSkills } from '../features/skills/service'

export function serverSiteData(db: Db): SiteData {
  return {
    projects: async (filters) => listProjects(db, filters),
    project: async (slug) => getProject(db, slug),
    posts: async (filters) => listPosts(db, filters),
    post: async (slug) => getPost(db, slug),
    skills: async () => listSkills(db),
  }
}
