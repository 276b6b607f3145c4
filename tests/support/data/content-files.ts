// Content files tests: the admin's zip endpoints, a folder written from a file map, the rows a
// round trip must keep, and a Hugo and an Astro site as their authors would have them.
import { strToU8, unzipSync, zipSync } from 'fflate'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import type { TestServer } from '#tests/support/server/server'

export type Files = Record<string, Uint8Array>

// A 1×1 transparent PNG, and a GIF (only the first bytes are checked).
export const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0))
export const GIF = new Uint8Array([...strToU8('GIF89a'), 1, 0, 1, 0, 0, 0, 0, 0x3b])

export async function exportZip(s: TestServer, cookie: string | null) {
  const res = await fetch(s.url + '/api/admin/content/export', { headers: cookie ? { cookie } : {} })
  const bytes = new Uint8Array(await res.arrayBuffer())
  return { res, files: res.ok ? unzipSync(bytes) : {} }
}

export const importZip = (s: TestServer, cookie: string | null, bytes: Uint8Array<ArrayBuffer>, type = 'application/zip') =>
  s.request('POST', '/api/admin/content/import', { raw: bytes, headers: { 'content-type': type }, cookie })

export const zip = (files: Record<string, string | Uint8Array>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([path, v]) => [path, typeof v === 'string' ? strToU8(v) : v]))) as Uint8Array<ArrayBuffer>

const made: string[] = []
/** A temporary folder, removed by removeFolders(). */
export function tempFolder(prefix = 'folio-content-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  made.push(dir)
  return dir
}
export const removeFolders = () => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }))

export function writeFolder(files: Record<string, string | Uint8Array>): string {
  const root = tempFolder()
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), content)
  }
  return root
}

export function readFolder(root: string): Files {
  const files: Files = {}
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files[relative(root, join(entry.parentPath, entry.name))] = new Uint8Array(readFileSync(join(entry.parentPath, entry.name)))
  }
  return files
}

/**
 * Every stored column of posts or projects but the row id and the sample mark, by slug. The mark
 * says who made a row, not what it holds: an imported item is the owner's (decision 052).
 */
export const rowsOf = (s: { conn: TestServer['conn'] }, table: 'posts' | 'projects') =>
  (s.conn.sqlite.query(`SELECT * FROM ${table} ORDER BY slug`).all() as Record<string, unknown>[]).map(({ id: _id, sample: _sample, ...row }) => row)

const BODY = 'This body is long enough: it talks about moving a site, in more than twenty characters.'

/** Hugo: YAML and TOML front matter, a page bundle, a draft, a section page, a project, a README. */
export const HUGO_SITE = {
  'config.toml': 'baseURL = "https://example.org/"\n',
  'README.md': '# My site\n\nBuilt with Hugo.\n',
  'content/posts/_index.md': '---\ntitle: Posts\n---\n',
  'content/posts/my-first-hugo-post.md': `---\ntitle: "My First Hugo Post: a #1"\ndate: 2024-01-15T10:00:00+01:00\nlastmod: 2024-02-01T08:00:00Z\ntags: [hugo, go]\ncategories: [Notes]\nsummary: How the site started.\n---\n\n${BODY}\n`,
  'content/posts/bundle-post/index.md': `+++\ntitle = "A bundled draft"\ndate = 2024-03-01T09:30:00Z\ndraft = true\ntags = ["drafts"]\n+++\n\nThe first paragraph becomes the summary.\n\n${BODY}\n`,
  'content/projects/robot-arm.md': `---\ntitle: Robot arm\ndate: 2023-05-01\ndescription: A six-axis arm that sorts parts.\ntags: [robotics]\n---\n\n${BODY}\n`,
}

/** Astro: content collections with pubDate, updatedDate, description, heroImage, a draft and an MDX file. */
export const ASTRO_SITE = {
  'package.json': '{"name":"astro-blog"}',
  'src/pages/index.astro': '---\nconst x = 1\n---\n<h1>Home</h1>\n',
  'src/content/blog/first-post.md': `---\ntitle: 'First post'\ndescription: 'Lorem ipsum dolor sit amet'\npubDate: 'Jul 08 2022'\nupdatedDate: 'Jul 10 2022'\nheroImage: '/blog-placeholder-3.jpg'\n---\n\n${BODY}\n`,
  'src/content/blog/unfinished.md': `---\ntitle: 'Unfinished'\ndescription: 'Not ready for anyone yet.'\npubDate: 2022-07-15\ndraft: true\n---\n\n${BODY}\n`,
  'src/content/blog/using-mdx.mdx': `---\ntitle: 'Using MDX'\npubDate: 'Jun 01 2024'\n---\n\nimport X from './x'\n`,
}
