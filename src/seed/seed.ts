// Sample content (SEED=demo): seeded once, into an empty database, through the same services
// the API uses, so it passes the same validation and gets the same rendered HTML. The posts and
// projects are markdown files (./content), read by the content import's reader.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { count } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { lexiconItems, posts, projects, skillOverrides } from '#db/schema'
import { insertPost, preparePost } from '#src/features/posts/service'
import { insertProject, prepareProject } from '#src/features/projects/service'
import type { Clock } from '#src/lib/clock'
import { releaseHighlighter, renderMarkdown } from '#src/lib/markdown'
import { sha256 } from '#src/lib/tokens'
import { PREBUILT_DIR } from '#src/web/assets'

/** The sample content's HTML by the sha256 of its markdown: `npm run build` writes it beside the client assets. */
export const SEED_HTML_FILE = 'seed-html.json'
type SeedHtml = Record<string, string>

export function isEmpty(db: Db): boolean {
  const tables = [projects, posts, lexiconItems]
  return tables.every((t) => (db.select({ n: count() }).from(t).get()?.n ?? 0) === 0)
}

// NOTE: the content (70 KB of markdown) loads only when it is seeded: every later start skips it.
async function seedContent() {
  const [{ seedLexicon }, { seedOverrides }, { seedPosts, seedProjects }] = await Promise.all([
    import('./lexicon'),
    import('./overrides'),
    import('./sample-content'),
  ])
  return { seedLexicon, seedOverrides, posts: seedPosts, projects: seedProjects }
}

type Render = (markdown: string) => Promise<string>

// NOTE: one order for the build and a start: shiki's colours for a block can depend on what the
// same highlighter rendered before it, and the embedded HTML must equal a runtime seeding's.
async function prepareAll(content: Awaited<ReturnType<typeof seedContent>>, render: Render) {
  const projects = await Promise.all(content.projects.map((p) => prepareProject(p, render)))
  const posts = await Promise.all(content.posts.map((p) => preparePost(p, render)))
  return { projects, posts }
}

/** Renders every sample document, for `npm run build` to embed (SEED_HTML_FILE). */
export async function renderSeedHtml(): Promise<SeedHtml> {
  const { projects, posts } = await prepareAll(await seedContent(), renderMarkdown)
  const { about } = (await import('#src/features/settings/sample-settings')).SAMPLE_SETTINGS
  return { ...Object.fromEntries([...projects, ...posts].map((p) => [sha256(p.data.bodyMD), p.bodyHtml])), [sha256(about)]: await renderMarkdown(about) }
}

/** The HTML the build rendered for one sample document (the persona's about text too), if any. */
export const prebuiltHtmlOf = (markdown: string, dir = PREBUILT_DIR): string | undefined => prebuiltSeedHtml(dir)[sha256(markdown)]

/** The HTML rendered at build time, in the binary; from the source tree there is none. */
function prebuiltSeedHtml(dir: string): SeedHtml {
  try {
    return JSON.parse(readFileSync(join(dir, SEED_HTML_FILE), 'utf8')) as SeedHtml
  } catch {
    return {}
  }
}

/**
 * Seeds the sample site when nothing is there yet; returns whether it did. With the HTML the
 * build rendered, the binary's first start never loads the markdown renderer (a pass of shiki
 * leaves 35 MiB or more resident, and takes seconds); a document it lacks is rendered as on a save.
 */
export async function seedIfEmpty(db: Db, clock: Clock, prebuiltDir = PREBUILT_DIR): Promise<boolean> {
  if (!isEmpty(db)) return false
  const content = await seedContent()
  const prebuilt = prebuiltSeedHtml(prebuiltDir)
  let rendered = 0
  const render: Render = (markdown) => {
    const html = prebuilt[sha256(markdown)]
    if (html !== undefined) return Promise.resolve(html)
    rendered++
    return renderMarkdown(markdown)
  }
  // Rendering (shiki) is async, SQLite transactions are not: render everything, then write at once.
  const prepared = await prepareAll(content, render)
  if (rendered) {
    // The highlighter's compiled grammars are most of the heap a seeding pass leaves (the next
    // save builds a new one); one full collection, off this stack, returns it before idling.
    await releaseHighlighter()
    setTimeout(() => Bun.gc(true), 50)
  }
  return db.transaction((tx) => {
    if (!isEmpty(tx)) return false
    for (const p of prepared.projects) insertProject(tx, p, clock)
    for (const p of prepared.posts) insertPost(tx, p, clock)
    content.seedLexicon.forEach((item, i) => {
      tx.insert(lexiconItems)
        .values({ id: crypto.randomUUID(), ...item, enabled: true, sortOrder: (i + 1) * 10 })
        .run()
    })
    for (const o of content.seedOverrides) {
      tx.insert(skillOverrides).values({ nameKey: o.name.toLowerCase(), ...o }).run()
    }
    // The database was empty: every row is the seed's ("Remove sample content" takes them).
    for (const table of [projects, posts, lexiconItems, skillOverrides]) tx.update(table).set({ sample: true }).run()
    return true
  }, { behavior: 'immediate' })
}
