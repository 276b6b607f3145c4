// A public page's filters, checked with its API's own schemas: /blog?search= takes what /api/posts?search= takes.
import type { z } from 'zod'
import { PostsQuery } from '../contract/post'
import { ProjectsQuery } from '../contract/project'
import { LexiconCreateInput } from '../contract/skill'

const FILTERS: Record<string, Record<string, z.ZodType>> = {
  '/blog': { search: PostsQuery.shape.search, tag: PostsQuery.shape.tag },
  '/projects': { search: ProjectsQuery.shape.search, tag: ProjectsQuery.shape.tag },
  // NOTE: the skills page filters in the browser, with no API query to borrow: its search is held
  // to the posts' limit, its category to the lexicon's.
  '/skills': { search: PostsQuery.shape.search, bucket: LexiconCreateInput.shape.bucket },
}

/**
 * What is wrong with the first filter of `query` ('?search=…') its page refuses, for a person; null
 * when none. A page never renders (or caches) a filter its API refuses.
 */
export function pageQueryProblem(routePath: string, query: string): string | null {
  const schemas = FILTERS[routePath]
  if (!schemas || !query) return null
  for (const [name, value] of new URLSearchParams(query)) {
    const result = schemas[name]?.safeParse(value)
    if (!result || result.success) continue
    const issue = result.error.issues[0]
    return issue?.code === 'too_big' ? `The ${name} is too long: at most ${String(issue.maximum)} characters.` : `The ${name} is not one this page can show.`
  }
  return null
}
