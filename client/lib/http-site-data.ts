// The browser's SiteData: the public API of contract.md through the API client.
import type { PostSummary, PostWithNeighbours } from '../../src/contract/post'
import type { Project, ProjectListItem } from '../../src/contract/project'
import type { Skill } from '../../src/contract/skill'
import type { ApiClient } from './api'
import type { SiteData } from './site-data'

export function httpSiteData(api: ApiClient): SiteData {
  return {
    projects: async (filters) => (await api.get<{ items: ProjectListItem[] }>('/projects', { query: filters })).items,
    project: (slug) => api.get<Project>(`/projects/${encodeURIComponent(slug)}`),
    posts: async (filters) => (await api.get<{ items: PostSummary[] }>('/posts', { query: filters })).items,
    post: (slug) => api.get<PostWithNeighbours>(`/posts/${encodeURIComponent(slug)}`),
    skills: async () => (await api.get<{ skills: Skill[] }>('/skills', { query: { includeCounts: 1 } })).skills,
  }
}
