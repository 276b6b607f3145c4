// The sample content: the binary seeds it from HTML rendered at build time (src/seed/seed.ts), which
// must be exactly what a seeding that renders stores, with no renderer loaded for it.
import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '#db/connection'
import { migrate } from '#db/migrate'
import { SEED_HTML_FILE, seedIfEmpty } from '#src/seed/seed'
import { seedPosts, seedProjects } from '#src/seed/sample-content'
import { PostInput } from '#src/contract/post'
import { ProjectInput } from '#src/contract/project'
import { manualClock, systemClock } from '#src/lib/clock'
import { sha256 } from '#src/lib/tokens'
import before from '#tests/fixtures/seed-content.json'
import { REPO_ROOT } from '#tests/support/repo-root'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-seed-'))
  dirs.push(dir)
  return dir
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

/** Seeds a fresh database, with `prebuilt` as the build's HTML (none when undefined); returns slug -> body HTML. */
async function seededBodies(prebuilt?: Record<string, string>) {
  const prebuiltDir = tempDir()
  if (prebuilt) writeFileSync(join(prebuiltDir, SEED_HTML_FILE), JSON.stringify(prebuilt))
  const conn = openDatabase(tempDir())
  try {
    migrate(conn.sqlite)
    expect(await seedIfEmpty(conn.db, systemClock, prebuiltDir)).toBe(true)
    const rows = conn.sqlite.query('SELECT slug, body_html AS html FROM projects UNION ALL SELECT slug, body_html FROM posts').all() as { slug: string; html: string }[]
    return new Map(rows.map((r) => [r.slug, r.html]))
  } finally {
    conn.close()
  }
}

test('seeding stores the HTML the build rendered for each document, and renders one the build lacks', async () => {
  const projects = seedProjects.map((p) => ProjectInput.parse(p))
  const posts = seedPosts.map((p) => PostInput.parse(p))
  const [missing, ...rest] = [...projects, ...posts]
  expect(missing!.bodyMD).toContain('## ')
  const prebuilt = Object.fromEntries(rest.map((d) => [sha256(d.bodyMD), `<p>built ${d.title}</p>`]))
  const bodies = await seededBodies(prebuilt)
  for (const d of rest) expect([...bodies.values()]).toContain(`<p>built ${d.title}</p>`)
  const rendered = [...bodies.values()].filter((html) => !html.startsWith('<p>built '))
  expect(rendered).toHaveLength(1)
  expect(rendered[0]).toContain(`<h2 id=`)
}, 30_000)

/** Runs `code` in a fresh bun process (as the build and a first start are) and returns its stdout as JSON. */
async function inFreshProcess<T>(code: string): Promise<T> {
  const proc = Bun.spawn([process.execPath, '-e', code], { cwd: REPO_ROOT, stdout: 'pipe', stderr: 'inherit' })
  const out = await new Response(proc.stdout).text()
  expect(await proc.exited).toBe(0)
  return JSON.parse(out) as T
}

test('the HTML the build embeds equals what a first start that renders stores, block colours included', async () => {
  // NOTE: separate processes: shiki's colours for a block can depend on what the process
  // highlighted before, and both the build and a first start begin with nothing highlighted.
  const [built, atStart] = await Promise.all([
    inFreshProcess<Record<string, string>>(`const { renderSeedHtml } = await import('./src/seed/seed'); console.log(JSON.stringify(await renderSeedHtml()))`),
    inFreshProcess<Record<string, string>>(`
      const { openDatabase } = await import('./db/connection'); const { migrate } = await import('./db/migrate'); const { seedIfEmpty } = await import('./src/seed/seed')
      const conn = openDatabase(${JSON.stringify(tempDir())})
      migrate(conn.sqlite)
      await seedIfEmpty(conn.db, { now: () => new Date() }, ${JSON.stringify(tempDir())})
      console.log(JSON.stringify(Object.fromEntries(conn.sqlite.query('SELECT body_md, body_html FROM projects UNION ALL SELECT body_md, body_html FROM posts').values())))`),
  ])
  expect(Object.keys(atStart)).toHaveLength(seedProjects.length + seedPosts.length)
  for (const [markdown, html] of Object.entries(atStart)) expect(built[sha256(markdown)]).toBe(html)
  expect([...(await seededBodies(built)).values()].sort()).toEqual(Object.values(atStart).sort())
  expect(Object.values(atStart).filter((html) => html.includes('class="shiki')).length).toBeGreaterThan(10)
}, 60_000)

// The sample posts and projects are markdown files (src/seed/content) since issue 18, part 4:
// tests/fixtures/seed-content.json is the database the TypeScript modules they replaced seeded,
// dumped by the same queries with the same clock.
test('seeds the same posts, projects, tags and skills as the seed before the markdown files', async () => {
  // The HTML is the same renderer's (the tests above); given here, so nothing renders.
  const prebuilt = tempDir()
  const bodies = [...seedProjects, ...seedPosts].map((d) => d.bodyMD)
  writeFileSync(join(prebuilt, SEED_HTML_FILE), JSON.stringify(Object.fromEntries(bodies.map((md) => [sha256(md), '<p></p>']))))
  const conn = openDatabase(tempDir())
  try {
    migrate(conn.sqlite)
    expect(await seedIfEmpty(conn.db, manualClock(new Date('2026-11-20T09:00:00.000Z')), prebuilt)).toBe(true)
    const q = (sql: string) => conn.sqlite.query(sql).all()
    const now = {
      posts: q('SELECT id, slug, title, summary, tags, body_md, reading_minutes, created_at, updated_at, status, publish_at, toc FROM posts ORDER BY id'),
      postTags: q('SELECT post_id, tag_key FROM post_tags ORDER BY post_id, tag_key'),
      projects: q(
        'SELECT id, slug, title, summary, role, tags, body_md, hero_image, gallery, demo_links, metrics, sort_order, created_at, updated_at, status, publish_at FROM projects ORDER BY id',
      ),
      projectTags: q('SELECT project_id, tag_key FROM project_tags ORDER BY project_id, tag_key'),
      lexicon: q('SELECT name, bucket, patterns, tag_hints, enabled, sort_order FROM lexicon_items ORDER BY sort_order'),
      skillOverrides: q('SELECT name_key, name, level_override, bucket_override, hide FROM skill_overrides ORDER BY name_key'),
    }
    expect(now.posts).toHaveLength(15)
    expect(now.projects).toHaveLength(8)
    expect(now).toEqual(before)
    // Every row the seed wrote is marked, so "Remove sample content" finds them all (decision 052).
    for (const table of ['posts', 'projects', 'lexicon_items', 'skill_overrides']) {
      expect(conn.sqlite.query(`SELECT count(*) AS n FROM ${table} WHERE sample = 0`).get()).toEqual({ n: 0 })
    }
  } finally {
    conn.close()
  }
})
