import { describe, expect, test } from 'bun:test'
import { blogFilters, tagGroups } from '#client/site/pages/blog-filters'
import * as paths from '#src/contract/paths'

describe('blog filters', () => {
  test.each([
    ['', { search: undefined, tag: undefined, limit: 100 }],
    // A search asks for the results ranked best first (full-text search).
    ['search=%20uart%20&tag=fpga', { search: 'uart', tag: 'fpga', limit: 100, order: 'relevance' as const }],
    ['search=%20%20&tag=', { search: undefined, tag: undefined, limit: 100 }],
    ['tag=C%2B%2B&other=1', { search: undefined, tag: 'C++', limit: 100 }],
  ])('reads ?%s as the filters the page queries with', (qs, filters) => {
    expect(blogFilters(new URLSearchParams(qs))).toEqual(filters)
  })

  test.each([
    [{}, '/blog'],
    [{ search: ' uart ' }, '/blog?search=uart'],
    [{ tag: 'fpga' }, '/blog?tag=fpga'],
    [{ search: 'a b', tag: 'C++' }, '/blog?search=a+b&tag=C%2B%2B'],
    [{ search: '   ', tag: '' }, '/blog'],
  ])('builds the URL of %j', (filters, href) => {
    expect(paths.blog(filters)).toBe(href)
  })

  test('a built URL reads back as the same filters', () => {
    const href = paths.blog({ search: 'x & y?', tag: 'a/b' })
    expect(blogFilters(new URLSearchParams(href.split('?')[1]))).toEqual({ search: 'x & y?', tag: 'a/b', limit: 100, order: 'relevance' })
  })

  test('sorts tags alphabetically without regard to case, once each, and splits them after the first 8', () => {
    const posts = [{ tags: ['zig', 'Bun', 'arduino'] }, { tags: ['cuda', 'bun', 'arduino', 'gpu'] }, { tags: ['fpga', 'embedded', 'cpp', 'rust'] }, { tags: [] }]
    expect(tagGroups(posts)).toEqual({
      all: ['arduino', 'Bun', 'bun', 'cpp', 'cuda', 'embedded', 'fpga', 'gpu', 'rust', 'zig'],
      chips: ['arduino', 'Bun', 'bun', 'cpp', 'cuda', 'embedded', 'fpga', 'gpu'],
      more: ['rust', 'zig'],
    })
  })

  test('has no More tags when there are 8 tags or fewer', () => {
    expect(tagGroups([{ tags: ['b', 'a'] }])).toEqual({ all: ['a', 'b'], chips: ['a', 'b'], more: [] })
    expect(tagGroups([])).toEqual({ all: [], chips: [], more: [] })
  })
})
