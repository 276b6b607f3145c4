// The browser's SiteData: the public API of contract.md through the API client.
import * as apiPaths from '#src/contract/api-paths'
import type { ItemList } from '#src/contract/errors'
import type { PostSummary, PostWithNeighbours } from '#src/contract/post'
import type { Project, ProjectListItem } from '#src/contract/project'
import type { SkillList } from '#src/contract/skill'
import type { ApiClient } from './api'
import type { SiteData } from './site-data'

export function httpSiteData(api: ApiClient): SiteData {
  return {
    projects: async (filters) => (await api.get<ItemList<ProjectListItem>>(apiPaths.projects, { query: filters })).items,
    project: (slug) => api.get<Project>(apiPaths.project(slug)),
    posts: async (filters) => (await api.get<ItemList<PostSummary>>(apiPaths.posts, { query: filters })).items,
    post: (slug) => api.get<PostWithNeighbours>(apiPaths.post(slug)),
    skills: async () => (await api.get<SkillList>(apiPaths.skills, { query: { includeCounts: 1 } })).skills,
  }
}
