// Issue 22: the blog's years, from each post's UTC date, newest first as the posts come.
import { expect, test } from 'bun:test'
import { byYear } from '#client/site/pages/blog-filters'

test('posts are grouped by the UTC year of their date, in the order given', () => {
  const at = (createdAt: string, slug: string) => ({ createdAt, slug })
  // 23:30 on New Year's Eve in New York is already the next year in UTC: the UTC year counts.
  const groups = byYear([at('2026-01-01T04:30:00.000Z', 'a'), at('2025-12-31T23:59:59.999Z', 'b'), at('2025-01-01T00:00:00.000Z', 'c'), at('2023-06-01T00:00:00.000Z', 'd')])
  expect(groups.map((g) => [g.year, g.posts.map((p) => p.slug)])).toEqual([
    ['2026', ['a']],
    ['2025', ['b', 'c']],
    ['2023', ['d']],
  ])
  expect(byYear([])).toEqual([])
})
