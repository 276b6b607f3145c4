// src/contract/paths.ts, api-paths.ts and admin-paths.ts: one spelling of every path folio builds.
import { describe, expect, test } from 'bun:test'
import * as adminPaths from '#src/contract/admin-paths'
import * as apiPaths from '#src/contract/api-paths'
import * as paths from '#src/contract/paths'
import { absoluteUrl, parseSiteOrigin } from '#src/contract/site-origin'
import { slugify } from '#src/contract/text'
import { atomFeed, jsonFeed } from '#src/features/feeds/formats'
import { fileOfDocument, fileOfPage } from '#src/web/site-export/pages'

describe('path segments', () => {
  test.each([
    ['a slug with a space', 'a b', 'a%20b'],
    ['a slug with a #', 'c#-tips', 'c%23-tips'],
    ['a slug with a slash and a ?', 'a/b?c', 'a%2Fb%3Fc'],
    ['a slug with a %', '100%', '100%25'],
    ['a slug with non-ASCII letters', 'café', 'caf%C3%A9'],
  ])('%s is encoded the same way in every path that holds it', (_name, slug, encoded) => {
    expect(paths.post(slug)).toBe(`/blog/${encoded}`)
    expect(paths.project(slug)).toBe(`/projects/${encoded}`)
    expect(apiPaths.post(slug)).toBe(`/posts/${encoded}`)
    expect(apiPaths.project(slug)).toBe(`/projects/${encoded}`)
    expect(adminPaths.item('posts', slug)).toBe(`/admin/posts/${encoded}`)
    expect(adminPaths.item('projects', slug)).toBe(`/admin/projects/${encoded}`)
    expect(paths.feeds(slug)).toEqual({ atom: `/blog/tag/${encoded}/feed.xml`, json: `/blog/tag/${encoded}/feed.json` })
  })

  test('the feeds link a post exactly as the site does', () => {
    const origin = parseSiteOrigin('https://me.example/')
    const post = { slug: 'a b#c', title: 'T', summary: 'S', tags: [], html: '', published: '2026-01-01T00:00:00.000Z', updated: '2026-01-01T00:00:00.000Z' }
    const feed = { title: 'F', description: 'D', origin, pageUrl: '', atomUrl: '', jsonUrl: '', author: 'A', posts: [post] }
    const url = absoluteUrl(origin, paths.post(post.slug))
    expect(url).toBe('https://me.example/blog/a%20b%23c')
    expect(atomFeed(feed)).toContain(`<id>${url}</id>`)
    expect(JSON.parse(jsonFeed(feed)).items[0].url).toBe(url)
  })

  test('an encoded segment reads back as the slug it was made from', () => {
    for (const slug of ['a b', 'c#-tips', 'a/b?c', '100%', 'café', '..']) {
      expect(decodeURIComponent(paths.post(slug).slice('/blog/'.length))).toBe(slug)
    }
  })

  test('a valid slug (what slugify makes) is spelled as it is', () => {
    for (const title of ['A UART in 80 lines of VHDL', 'C++ & CUDA: 2× faster', 'Ærø — Straße', '  trailing -- dashes  ']) {
      const slug = slugify(title)
      expect(paths.post(slug)).toBe(`/blog/${slug}`)
      expect(paths.project(slug)).toBe(`/projects/${slug}`)
    }
  })

  test('tokens and ids are segments too', () => {
    expect(paths.resume('abc_DEF-123')).toBe('/resume/abc_DEF-123')
    expect(paths.preview('post.12.1700000000000.sig_-')).toBe('/preview/post.12.1700000000000.sig_-')
    expect(apiPaths.resume('a/b')).toBe('/resume/a%2Fb')
    expect(apiPaths.txStatus('0xab')).toBe('/tx/0xab')
    expect(adminPaths.archiveMessage('7')).toBe('/admin/messages/7/archive')
    expect(adminPaths.override('C++ / HLS')).toBe('/admin/skills/overrides/C%2B%2B%20%2F%20HLS')
    expect(adminPaths.backup('folio 1.db')).toBe('/admin/backups/folio%201.db')
  })
})

describe('list queries', () => {
  test.each([
    [paths.blog(), '/blog'],
    [paths.blog({ search: '  ', tag: '' }), '/blog'],
    [paths.blog({ tag: 'fpga', search: ' uart ' }), '/blog?search=uart&tag=fpga'],
    [paths.blog({ search: 'a b', tag: 'C++' }), '/blog?search=a+b&tag=C%2B%2B'],
    [paths.projects(), '/projects'],
    [paths.projects({ search: 'dapp', tag: 'React' }), '/projects?search=dapp&tag=React'],
    [paths.skills({ bucket: 'Frontend' }), '/skills?bucket=Frontend'],
    [paths.skills({ search: 'REACT', bucket: 'Frontend' }), '/skills?search=REACT&bucket=Frontend'],
  ])('builds %s', (built, expected) => {
    expect(built).toBe(expected)
  })

  test('a built query reads back as the same filters', () => {
    const url = new URL(paths.projects({ search: 'x & y?#', tag: 'a/b=c' }), 'http://folio.test')
    expect(Object.fromEntries(url.searchParams)).toEqual({ search: 'x & y?#', tag: 'a/b=c' })
  })

  test("a tag link writes a space as %20 and reads back as paths.projects' filter", () => {
    expect(paths.projectsTagged('Signal processing')).toBe('/projects?tag=Signal%20processing')
    const tagged = new URL(paths.projectsTagged('C++ & #1'), 'http://folio.test')
    const listed = new URL(paths.projects({ tag: 'C++ & #1' }), 'http://folio.test')
    expect(tagged.searchParams.get('tag')).toBe('C++ & #1')
    expect(listed.searchParams.get('tag')).toBe('C++ & #1')
  })
})

describe('documents and the API prefix', () => {
  test('the whole blog has the root feeds; the sitemap and robots sit at the root', () => {
    expect(paths.feeds()).toEqual({ atom: '/feed.xml', json: '/feed.json' })
    expect(paths.feeds('')).toEqual({ atom: '/feed.xml', json: '/feed.json' })
    expect([paths.sitemap, paths.robots]).toEqual(['/sitemap.xml', '/robots.txt'])
  })

  test('API paths are under /api', () => {
    expect(apiPaths.API_PREFIX + apiPaths.resume('tok')).toBe('/api/resume/tok')
    expect(apiPaths.API_PREFIX + adminPaths.login).toBe('/api/admin/login')
  })
})

describe('static export files', () => {
  test('an ordinary slug gives the same file as before; an encoded one the file a static host looks up', () => {
    expect(fileOfPage(paths.home)).toBe('index.html')
    expect(fileOfPage(paths.post('a-uart-in-80-lines-of-vhdl'))).toBe('blog/a-uart-in-80-lines-of-vhdl/index.html')
    expect(fileOfPage(paths.project('scopelet'))).toBe('projects/scopelet/index.html')
    expect(fileOfPage(paths.post('a b'))).toBe('blog/a b/index.html')
    expect(fileOfDocument(paths.feeds('Signal processing').atom)).toBe('blog/tag/Signal processing/feed.xml')
  })

  test('an encoded slash or dot segment never leaves the output directory', () => {
    expect(() => fileOfPage(paths.post('a/b'))).toThrow('unsafe path')
    expect(() => fileOfPage(paths.post('..'))).toThrow('unsafe path')
  })
})
