// Issue 21: the unfiltered lists a filtered page shows beside its results are loaded once per
// version of what they show, never kept for a search or a tag, and bounded.
import { expect, test } from 'bun:test'
import type { PostFilters, ProjectFilters, SiteData } from '#client/lib/site-data'
import type { ContentTag } from '#src/contract/content-tags'
import { KEPT_LISTS_MAX, keepUnfilteredLists } from '#src/web/cache/kept-lists'

function counting() {
  const calls: string[] = []
  let fail = false
  const data: SiteData = {
    projects: async (f: ProjectFilters) => (calls.push(`projects ${JSON.stringify(f)}`), []),
    project: async () => ({}) as never,
    posts: async (f: PostFilters) => {
      calls.push(`posts ${JSON.stringify(f)}`)
      if (fail) throw new Error('disk on fire')
      return []
    },
    post: async () => ({}) as never,
    skills: async () => (calls.push('skills'), []),
  }
  const versions: Record<ContentTag, number> = { posts: 0, projects: 0, skills: 0, site: 0 }
  const kept = keepUnfilteredLists(data, (tag) => versions[tag])
  return { calls, versions, kept, failing: (on: boolean) => (fail = on) }
}

test('an unfiltered list is loaded once while what it shows is unchanged, and again after a change', async () => {
  const { calls, versions, kept } = counting()
  for (let i = 0; i < 3; i++) await kept.posts({ limit: 100 })
  expect(calls).toEqual(['posts {"limit":100}'])
  versions.projects++
  await kept.posts({ limit: 100 })
  expect(calls).toHaveLength(1)
  versions.posts++
  await kept.posts({ limit: 100 })
  expect(calls).toEqual(['posts {"limit":100}', 'posts {"limit":100}'])
})

test('each kind follows its own content: a skills change reloads the skills, not the projects', async () => {
  const { calls, versions, kept } = counting()
  await kept.projects({})
  await kept.skills()
  versions.skills++
  await kept.projects({})
  await kept.skills()
  expect(calls).toEqual(['projects {}', 'skills', 'skills'])
})

test('a search or a tag is never kept: every one is loaded', async () => {
  const { calls, kept } = counting()
  await kept.posts({ search: 'bun', limit: 100 })
  await kept.posts({ search: 'bun', limit: 100 })
  await kept.projects({ tag: 'rust' })
  await kept.projects({ tag: 'rust' })
  expect(calls).toHaveLength(4)
})

test('a failed load is not kept: the next render asks again', async () => {
  const { calls, kept, failing } = counting()
  failing(true)
  expect(kept.posts({ limit: 100 })).rejects.toThrow('disk on fire')
  await Bun.sleep(0)
  failing(false)
  expect(await kept.posts({ limit: 100 })).toEqual([])
  expect(calls).toHaveLength(2)
})

test(`at most ${KEPT_LISTS_MAX} lists are kept, whatever limits are asked for`, async () => {
  const { calls, kept } = counting()
  for (let limit = 1; limit <= KEPT_LISTS_MAX * 4; limit++) await kept.posts({ limit })
  calls.length = 0
  // The newest ones are still kept; the bound emptied the older ones.
  await kept.posts({ limit: KEPT_LISTS_MAX * 4 })
  expect(calls).toHaveLength(0)
  await kept.posts({ limit: 1 })
  expect(calls).toHaveLength(1)
})
