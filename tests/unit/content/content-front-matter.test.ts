// Front matter of content files: parse and serialize, the Hugo/Astro reading of a file, and the
// summary taken from a body when a file has none.
import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import type { ProjectData } from '#src/contract/project'
import { summaryFromBody } from '#src/features/content-files/derived-summary'
import { FrontMatterError, parseMarkdownFile, serializeMarkdownFile } from '#src/features/content-files/front-matter'
import { isoDate, readContentFile, type Candidate } from '#src/features/content-files/read-file'

const NOW = new Date('2026-06-01T12:00:00Z')
const BODY = 'A body that is long enough to pass the rule of twenty characters.'

function candidate(file: string, text: string): Candidate {
  const read = readContentFile(file, text, NOW)
  if (!('candidate' in read)) throw new Error(`expected a candidate: ${JSON.stringify(read)}`)
  return read.candidate
}

describe('serialize and parse', () => {
  test('writes YAML between --- lines, a blank line, then the body as given', () => {
    const text = serializeMarkdownFile({ title: 'Hello', tags: ['a', 'b'], order: 2 }, '# Body\n\ntext')
    expect(text).toBe('---\ntitle: Hello\ntags:\n  - a\n  - b\norder: 2\n---\n\n# Body\n\ntext\n')
    expect(parseMarkdownFile(text)).toEqual({ data: { title: 'Hello', tags: ['a', 'b'], order: 2 }, body: '# Body\n\ntext' })
  })

  test.each([
    ['a colon and a hash', 'Deploys: why # matters'],
    ['quotes', `"double" and 'single'`],
    ['newlines', 'first line\nsecond line\n'],
    ['a front matter fence', '---\n+++'],
    ['leading and trailing spaces', '  padded  '],
    ['a YAML keyword', 'null'],
    ['a number', '0x10'],
    ['a date', '2026-01-01'],
    ['a comment start', '# not a comment'],
    ['a flow sequence', '[not, a, list]'],
    ['control characters and a BOM', '\u0000\u0007\u001b\ufeffend'],
  ])('keeps a value with %s exactly', (_, value) => {
    const text = serializeMarkdownFile({ title: value, summary: value }, BODY)
    expect(parseMarkdownFile(text)!.data).toEqual({ title: value, summary: value })
  })

  test('a body holding --- lines and front matter of its own survives', () => {
    const body = '---\ntitle: not front matter\n---\n\ntext\n---'
    expect(parseMarkdownFile(serializeMarkdownFile({ title: 'x' }, body))!.body).toBe(body)
  })

  test('any data and body round-trip exactly', () => {
    const value = fc.oneof(fc.string({ unit: 'grapheme' }), fc.string(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.array(fc.string()))
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1 }), value, { minKeys: 1 }), fc.string({ unit: 'grapheme' }), (data, body) => {
        expect(parseMarkdownFile(serializeMarkdownFile(data, body))).toEqual({ data, body })
      }),
      { numRuns: 300 },
    )
  })

  test('the same data always gives the same bytes', () => {
    const data = { title: 'T', demoLinks: { demo: 'https://example.com' }, metrics: { users: 1200, 'p99: latency': '4 ms' } }
    expect(serializeMarkdownFile(data, BODY)).toBe(serializeMarkdownFile(structuredClone(data), BODY))
  })

  test('a file without front matter is null; CRLF files and a BOM are read', () => {
    expect(parseMarkdownFile('# Just markdown')).toBeNull()
    expect(parseMarkdownFile('\ufeff---\r\ntitle: Windows\r\n---\r\n\r\nBody\r\n')).toEqual({ data: { title: 'Windows' }, body: 'Body\r' })
  })

  test('reads Hugo TOML front matter between +++ lines', () => {
    const parsed = parseMarkdownFile('+++\ntitle = "From Hugo"\ndate = 2024-01-15T10:00:00Z\ntags = ["go", "web"]\n+++\n\nBody')
    expect(parsed?.data).toEqual({ title: 'From Hugo', date: '2024-01-15T10:00:00Z', tags: ['go', 'web'] })
  })

  test.each([
    ['an unclosed block', '---\ntitle: x\n'],
    ['broken YAML', '---\ntitle: [unclosed\n---\nbody'],
    ['a repeated key', '---\ntitle: a\ntitle: b\n---\nbody'],
    ['a list instead of keys', '---\n- a\n- b\n---\nbody'],
    ['a billion laughs', `---\na: &a [x, x, x, x, x, x, x, x, x]\n${Array.from({ length: 12 }, (_, i) => `${'b'.repeat(i + 1)}: &${'b'.repeat(i + 1)} [${Array(9).fill(i ? '*' + 'b'.repeat(i) : '*a').join(', ')}]`).join('\n')}\n---\nbody`],
    ['broken TOML', '+++\ntitle = \n+++\nbody'],
  ])('refuses %s with one line saying why', (_, text) => {
    expect(() => parseMarkdownFile(text)).toThrow(FrontMatterError)
    try {
      parseMarkdownFile(text)
    } catch (error) {
      expect((error as Error).message).not.toContain('\n')
    }
  })
})

describe('reading a Hugo or Astro file', () => {
  test('takes title, date, lastmod, tags with categories, description and the bundle name as slug', () => {
    const c = candidate(
      'content/posts/my-first-post/index.md',
      `---\ntitle: My First Post\ndate: 2024-01-15T10:00:00+01:00\nlastMod: 2024-02-01\ntags: [go, Web]\ncategories: [web, notes]\ndescription: What I learned moving a blog.\n---\n\n${BODY}`,
    )
    expect(c).toMatchObject({ kind: 'post', slug: 'my-first-post', dates: { createdAt: '2024-01-15T09:00:00.000Z', updatedAt: '2024-02-01T00:00:00.000Z' } })
    expect(c.data).toMatchObject({ title: 'My First Post', summary: 'What I learned moving a blog.', tags: ['go', 'Web', 'notes'], status: 'published', toc: false })
  })

  test('reads Astro keys (pubDate, updatedDate) and drafts as drafts', () => {
    const c = candidate('src/content/blog/astro-post.md', `---\ntitle: 'Astro post'\npubDate: 'Jul 08 2022'\nupdatedDate: 2022-07-09\ndraft: true\ndescription: 'Lorem ipsum dolor sit amet'\n---\n${BODY}`)
    expect(c).toMatchObject({ kind: 'post', slug: 'astro-post', dates: { createdAt: '2022-07-08T00:00:00.000Z', updatedAt: '2022-07-09T00:00:00.000Z' } })
    expect(c.data.status).toBe('draft')
  })

  test('a file under projects/ is a project; a future date is scheduled', () => {
    const c = candidate('content/projects/robot.md', `---\ntitle: Robot arm\ndate: 2027-01-01\nsummary: A six-axis robot arm.\nimage: /img/arm.png\n---\n${BODY}`)
    expect(c.kind).toBe('project')
    expect(c.data).toMatchObject({ title: 'Robot arm', heroImage: '/img/arm.png', status: 'scheduled', publishAt: '2027-01-01T00:00:00.000Z' })
  })

  test("a theme's image counts only when it is a link folio can show; publishAt may be a plain date", () => {
    const project = (image: string) => candidate('projects/p.md', `---\ntitle: P\nsummary: A project summary.\nimage: ${image}\n---\n${BODY}`).data as ProjectData
    expect(project('cover.jpg').heroImage).toBeUndefined()
    expect(project('https://example.com/cover.jpg')).toMatchObject({ heroImage: 'https://example.com/cover.jpg' })
    const post = candidate('posts/s.md', `---\ntitle: S\nsummary: A scheduled post.\nstatus: scheduled\npublishAt: 2026-07-01\n---\n${BODY}`).data
    expect(post).toMatchObject({ status: 'scheduled', publishAt: '2026-07-01T00:00:00.000Z' })
  })

  test('without a summary or description, the summary is the text before <!--more--> or the first paragraph', () => {
    const c = candidate('posts/x.md', `---\ntitle: X\n---\n# Heading\n\nThe **first** paragraph, with [a link](https://example.com).\n\nThe second.`)
    expect(c.data.summary).toBe('The first paragraph, with a link.')
    expect(summaryFromBody('Intro *text* here.\n\nMore intro.\n<!--more-->\nRest')).toBe('Intro text here. More intro.')
    expect(summaryFromBody('```js\ncode\n```\n\n![img](/a.png)')).toBe('')
    expect(summaryFromBody('word '.repeat(100)).length).toBeLessThanOrEqual(280)
  })

  test('names problems by the key the file used', () => {
    const read = readContentFile('blog/bad.md', `---\ntitle: ''\npubDate: next tuesday\ndescription: short\n---\nshort`, NOW)
    expect('problems' in read && read.problems.map((p) => p.field).sort()).toEqual(['body', 'description', 'pubDate', 'title'])
  })

  test('a markdown file without front matter is skipped, not refused', () => {
    expect(readContentFile('README.md', '# Read me', NOW)).toEqual({ skipped: 'no front matter' })
  })

  test.each([
    ['2024-01-15', '2024-01-15T00:00:00.000Z'],
    ['2024-01-15 10:30', '2024-01-15T10:30:00.000Z'],
    ['2024-01-15T10:30:00-07:00', '2024-01-15T17:30:00.000Z'],
    ['2024-01-15 10:00:00 +0100', '2024-01-15T09:00:00.000Z'],
    ['someday', null],
    [20240115, null],
  ])('reads the date %p as %p', (value, iso) => {
    expect(isoDate(value)).toBe(iso)
  })
})
