// Field rules shared by the project and post forms (spec section 5).
import { z } from 'zod'
import { LIMITS } from '../limits'
import { cleanLine, cleanText, SLUG_PATTERN, slugify, splitList } from '../text'

export const CONTENT_MESSAGES = {
  title: 'Title is required.',
  summary: 'Summary should be at least 10 characters.',
  body: 'Body should be at least 20 characters.',
  slug: 'Slug may contain only lowercase letters, digits and single dashes.',
  demoLinksJson: 'Demo links must be valid JSON (e.g. {"demo": "https://example.com"}).',
  demoLinksObject: 'Demo links must be an object mapping names to URLs.',
  demoLinksUnsafe: 'Demo links must be http(s) URLs or site paths.',
  metricsJson: 'Metrics must be valid JSON (e.g. {"users": "1200"}).',
  metricsObject: 'Metrics must be an object mapping labels to values.',
  url: 'Must be an http(s) URL or a site path.',
} as const

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v)
// Owner text shown on pages, in feeds and on share cards: one line loses control characters and
// bidi overrides and collapses its whitespace; a body keeps its lines (src/contract/text.ts).
const line = (v: unknown) => (typeof v === 'string' ? cleanLine(v) : v)
const lines = (v: unknown) => (typeof v === 'string' ? cleanText(v) : v)

export const titleField = z.preprocess(
  line,
  z.string({ error: CONTENT_MESSAGES.title }).min(1, CONTENT_MESSAGES.title).max(200),
)
export const summaryField = z.preprocess(
  line,
  z.string({ error: CONTENT_MESSAGES.summary }).min(LIMITS.summaryMin, CONTENT_MESSAGES.summary).max(1000),
)
export const bodyField = z.preprocess(
  lines,
  z.string({ error: CONTENT_MESSAGES.body }).min(LIMITS.bodyMin, CONTENT_MESSAGES.body).max(200_000),
)

/** Optional slug: empty means "derive from the title"; given slugs are normalised, then checked. */
export const slugField = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : slugify(v)) : v ?? undefined),
  z.string().regex(SLUG_PATTERN, CONTENT_MESSAGES.slug).max(80).optional(),
)

/** Tags: an array, or the form's comma-separated text; trimmed, empties and repeats dropped. */
export const tagsField = z.preprocess(
  (v) => {
    const list = typeof v === 'string' ? splitList(v).map(cleanLine) : Array.isArray(v) ? v.map(line) : v ?? []
    if (!Array.isArray(list)) return list
    const seen = new Set<string>()
    return list.filter((t) => {
      if (typeof t !== 'string') return true
      const key = t.toLowerCase()
      if (!t || seen.has(key)) return false
      seen.add(key)
      return true
    })
  },
  z.array(z.string().max(40, 'Tags are at most 40 characters.')).max(30, 'At most 30 tags.'),
).default([])

const UNSAFE_SCHEME = /^\s*(javascript|data|vbscript|file):/i
export const isSafeLink = (value: string) =>
  !UNSAFE_SCHEME.test(value) && (/^https?:\/\//i.test(value) || value.startsWith('/'))

/** An optional link (hero image): http(s) or a site path; empty means absent. */
export const optionalLink = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : trimmed(v)),
  z.string().max(2000).refine(isSafeLink, CONTENT_MESSAGES.url).optional(),
)

/** An optional plain text of one line (role); empty means absent. */
export const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' && cleanLine(v) === '' ? undefined : line(v)), z.string().max(max).optional())

/** Gallery: an array of links, or one per line. */
export const galleryField = z.preprocess(
  (v) => (typeof v === 'string' ? splitList(v, /\r?\n/) : Array.isArray(v) ? v.map(trimmed).filter((x) => x !== '') : v ?? []),
  z.array(z.string().max(2000).refine(isSafeLink, CONTENT_MESSAGES.url)).max(50),
).default([])

/** Parses the JSON text of a form field, or passes an object through. */
function jsonObject(value: unknown, jsonMessage: string, objectMessage: string, ctx: z.RefinementCtx): Record<string, unknown> | undefined {
  let parsed = value
  if (typeof value === 'string') {
    if (value.trim() === '') return {}
    try {
      parsed = JSON.parse(value)
    } catch {
      ctx.addIssue({ code: 'custom', message: jsonMessage })
      return undefined
    }
  }
  if (parsed == null) return {}
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    ctx.addIssue({ code: 'custom', message: objectMessage })
    return undefined
  }
  return parsed as Record<string, unknown>
}

/** demoLinks: name to URL; only non-empty string values are kept (spec section 5). */
export const demoLinksField = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    const obj = jsonObject(value, CONTENT_MESSAGES.demoLinksJson, CONTENT_MESSAGES.demoLinksObject, ctx)
    if (!obj) return z.NEVER
    const out: Record<string, string> = {}
    for (const [name, url] of Object.entries(obj)) {
      if (typeof url !== 'string' || url.trim() === '') continue
      if (!isSafeLink(url.trim())) {
        ctx.addIssue({ code: 'custom', message: CONTENT_MESSAGES.demoLinksUnsafe, path: [name] })
        return z.NEVER
      }
      out[cleanLine(name)] = url.trim()
    }
    return out
  })

/** metrics: label to value; numbers and non-empty strings are kept (spec section 5). */
export const metricsField = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    const obj = jsonObject(value, CONTENT_MESSAGES.metricsJson, CONTENT_MESSAGES.metricsObject, ctx)
    if (!obj) return z.NEVER
    const out: Record<string, number | string> = {}
    for (const [label, v] of Object.entries(obj)) {
      if (typeof v === 'number' && Number.isFinite(v)) out[cleanLine(label)] = v
      else if (typeof v === 'string' && cleanLine(v) !== '') out[cleanLine(label)] = cleanLine(v)
    }
    return out
  })
