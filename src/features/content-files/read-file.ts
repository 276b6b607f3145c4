// Content files room: one imported markdown file to a post or project payload, checked by the
// same schemas as the API. Reads folio's own keys and the usual Hugo and Astro ones.
import type { z } from 'zod'
import { DATE_BOUNDS_CODE, dateBoundIssues, dateBoundsMessage, isDateInBounds } from '#src/contract/input/date-bounds'
import { POST_DATE_FIELDS, PostInput, type PostData } from '#src/contract/post'
import { PROJECT_DATE_FIELDS, ProjectInput, type ProjectData } from '#src/contract/project'
import { isSafeLink } from '#src/contract/input/content-fields'
import { slugify, splitList } from '#src/contract/text'
import { utcDay } from '#src/lib/clock'
import type { WriteDates } from '#src/lib/publication'
import { summaryFromBody } from './derived-summary'
import { FrontMatterError, parseMarkdownFile, type FrontMatter } from './front-matter'
import type { ImportProblem } from './problems'
export type Candidate = { file: string; slug: string; dates: WriteDates } & ({ kind: 'post'; data: PostData } | { kind: 'project'; data: ProjectData })
export type ReadResult = { candidate: Candidate } | { skipped: string } | { problems: ImportProblem[] }

/** Keys by what they mean, folio's first; matched in any case (Hugo lowercases every key). */
const KEYS = {
  date: ['date', 'pubDate', 'publishDate'],
  updated: ['updated', 'lastmod', 'updatedDate', 'modified'],
  summary: ['summary', 'description'],
} as const
export const DATE_MESSAGE = 'Dates must be ISO-8601 (2024-01-31, or 2024-01-31T09:30:00Z with a time).'

type Picked = { key: string; value: unknown } | undefined
const present = (v: unknown) => v !== undefined && v !== null && v !== ''
/** `title: 2048` or `tags: [2024]` mean text. */
const asText = (v: unknown) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v)

function keysOf(data: FrontMatter) {
  const byLower = new Map<string, string>()
  for (const key of Object.keys(data)) if (!byLower.has(key.toLowerCase())) byLower.set(key.toLowerCase(), key)
  return (...names: readonly string[]): Picked => {
    for (const name of names) {
      const key = byLower.get(name.toLowerCase())
      if (key !== undefined && present(data[key])) return { key, value: data[key] }
    }
    return undefined
  }
}

const DATE_ONLY = /^\d{4}-\d\d-\d\d$/
const NO_ZONE = /^\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?$/

/** ISO-8601 UTC, or null when the value is not a date. A date or time without a zone is UTC. */
export function isoDate(value: unknown): string | null {
  let date: Date
  if (value instanceof Date) date = value
  else if (typeof value === 'string') {
    const s = value.trim()
    date = new Date(DATE_ONLY.test(s) ? `${s}T00:00:00Z` : NO_ZONE.test(s) ? `${s.replace(' ', 'T')}Z` : s)
  } else return null
  if (Number.isNaN(date.getTime())) return null
  const iso = date.toISOString()
  return /^\d{4}-/.test(iso) ? iso : null
}

/** `posts/a.md` and `blog/a/index.md` (a page bundle) are both "a". */
function slugOfPath(file: string): string | undefined {
  const parts = file.split('/')
  const name = parts.pop()!.replace(/\.(md|markdown)$/i, '')
  return name.toLowerCase() === 'index' ? parts.pop() : name
}

/** Under a `projects` folder: a project; anything else is a post. */
export const kindOfPath = (file: string): Candidate['kind'] => (file.split('/').slice(0, -1).includes('projects') ? 'project' : 'post')

function tagsOf(pick: ReturnType<typeof keysOf>): unknown {
  const lists = [pick('tags'), pick('categories')].filter((p) => p !== undefined)
  if (!lists.length) return undefined
  const tags: unknown[] = []
  for (const { value } of lists) {
    if (Array.isArray(value)) tags.push(...value.map(asText))
    else if (typeof value === 'string') tags.push(...splitList(value))
    else return value
  }
  return tags
}

/** folio's `status`, else Hugo's and Astro's `draft: true` (or Jekyll's `published: false`); a future date is scheduled. */
function publication(pick: ReturnType<typeof keysOf>, date: string | null, now: Date) {
  const status = pick('status')
  const publishAt = pick('publishAt')?.value
  if (status) return { status: status.value, publishAt: publishAt === undefined ? undefined : (isoDate(publishAt) ?? publishAt) }
  const draft = pick('draft')?.value
  if (draft === true || draft === 'true' || pick('published')?.value === false) return { status: 'draft' }
  if (date && date > now.toISOString()) return { status: 'scheduled', publishAt: date }
  return { status: 'published' }
}

/** folio's `heroImage`, else a theme's `image` when it is a link folio can show (not a bundle-relative file). */
function heroImageOf(pick: ReturnType<typeof keysOf>): unknown {
  const image = pick('image')?.value
  return pick('heroImage')?.value ?? (typeof image === 'string' && isSafeLink(image) ? image : undefined)
}

function issuesOf(file: string, issues: readonly z.core.$ZodIssue[], fields: Record<string, string>): ImportProblem[] {
  return issues.map((issue) => {
    const [head, ...rest] = issue.path.map(String)
    const field = head === undefined ? undefined : [fields[head] ?? head, ...rest].join('.')
    return { file, ...(field ? { field } : {}), message: issue.message, code: issue.code }
  })
}

/** Reads one file; `now` decides whether a future date means "scheduled". */
export function readContentFile(file: string, text: string, now: Date): ReadResult {
  let parsed
  try {
    parsed = parseMarkdownFile(text)
  } catch (error) {
    if (error instanceof FrontMatterError) return { problems: [{ file, message: error.message, code: 'front_matter' }] }
    throw error
  }
  if (!parsed) return { skipped: 'no front matter' }
  const pick = keysOf(parsed.data)
  const problems: ImportProblem[] = []
  const today = utcDay(now)
  const dateOf = (keys: readonly string[]) => {
    const found = pick(...keys)
    if (!found) return null
    const iso = isoDate(found.value)
    if (!iso) problems.push({ file, field: found.key, message: DATE_MESSAGE, code: 'invalid_date' })
    else if (!isDateInBounds(iso, today)) {
      problems.push({ file, field: found.key, message: dateBoundsMessage(today), code: DATE_BOUNDS_CODE })
      // One problem for the key: the date is not carried on as createdAt or a publish time.
      return null
    }
    return iso
  }
  const date = dateOf(KEYS.date)
  const updated = dateOf(KEYS.updated)
  const title = pick('title')
  const summary = pick(...KEYS.summary)
  // Issues name the key the file used (`description`, `pubDate`), not the payload's field.
  const fields: Record<string, string> = {
    title: title?.key ?? 'title',
    summary: summary?.key ?? 'summary (none given; taken from the body)',
    bodyMD: 'body',
    createdAt: pick(...KEYS.date)?.key ?? 'date',
    publishAt: pick('publishAt')?.key ?? 'publishAt',
  }
  const common = {
    title: asText(title?.value),
    slug: asText(pick('slug')?.value) ?? slugOfPath(file),
    summary: summary ? asText(summary.value) : summaryFromBody(parsed.body),
    tags: tagsOf(pick),
    bodyMD: parsed.body,
    ...publication(pick, date, now),
  }
  const kind = kindOfPath(file)
  const result =
    kind === 'post'
      ? PostInput.safeParse({ ...common, readingMinutes: pick('readingMinutes')?.value, createdAt: date ?? undefined, toc: pick('toc')?.value ?? false })
      : ProjectInput.safeParse({
          ...common,
          role: asText(pick('role')?.value),
          heroImage: heroImageOf(pick),
          gallery: pick('gallery')?.value,
          demoLinks: pick('demoLinks')?.value,
          metrics: pick('metrics')?.value,
          order: pick('order')?.value,
        })
  if (!result.success) problems.push(...issuesOf(file, result.error.issues, fields))
  else {
    const bounded = dateBoundIssues(result.data, kind === 'post' ? POST_DATE_FIELDS : PROJECT_DATE_FIELDS, today)
    problems.push(...bounded.map(({ path, message, code }) => ({ file, field: fields[path!] ?? path!, message, code })))
  }
  if (problems.length || !result.success) return { problems }
  const slug = result.data.slug ?? slugify(result.data.title)
  if (!slug) return { problems: [{ file, field: 'slug', message: 'Add a slug: the title has no letters or digits to make one from.', code: 'custom' }] }
  const dates: WriteDates = { ...(date ? { createdAt: date } : {}), ...(updated ? { updatedAt: updated } : {}) }
  return { candidate: { file, slug, dates, ...(kind === 'post' ? { kind, data: result.data as PostData } : { kind, data: result.data as ProjectData }) } }
}
