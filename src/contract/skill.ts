// Skills, lexicon items and overrides (spec sections 3 and 5).
import { z } from 'zod'
import { cleanLine, splitList } from './text'

export type RelatedProject = { slug?: string; title: string }
export type Skill = { name: string; level: number; bucket: string; relatedProjects: RelatedProject[] }
/** What GET /api/skills answers. */
export type SkillList = { skills: Skill[] }

export type LexiconItem = {
  _id: string
  name: string
  bucket: string
  patterns: string[]
  tagHints: string[]
  enabled: boolean
  order: number
}

export type SkillOverride = {
  name: string
  levelOverride: number | null
  bucketOverride: string | null
  hide: boolean
}

export const SKILL_MESSAGES = {
  lexiconName: 'Min 2 characters',
  overrideName: 'Enter a skill name (min 2 chars).',
} as const

const list = z.preprocess(
  (v) => (typeof v === 'string' ? splitList(v) : Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '') : v),
  z.array(z.string().max(100)).max(50),
)

// Names and buckets are shown on the skills page: one line, no control characters or bidi overrides.
const line = (v: unknown) => (typeof v === 'string' ? cleanLine(v) : v)
const lexiconName = z.preprocess(
  line,
  z.string({ error: SKILL_MESSAGES.lexiconName }).min(2, SKILL_MESSAGES.lexiconName).max(60),
)
const bucket = z.preprocess(line, z.string().min(1, 'Bucket is required.').max(60))

/**
 * POST body: every field optional, defaults of spec section 7 applied by the service.
 * NOTE: strict, because with every field optional a misspelt key would otherwise be a silent
 * no-op; `_id` is allowed (and ignored) so a client may send a row back as it got it.
 */
export const LexiconCreateInput = z.strictObject({
  _id: z.string().max(64).optional(),
  name: lexiconName.optional(),
  bucket: bucket.optional(),
  patterns: list.optional(),
  tagHints: list.optional(),
  enabled: z.boolean().optional(),
  order: z.number().finite().optional(),
})
export type LexiconCreateInput = z.infer<typeof LexiconCreateInput>

/** PUT body: a partial update of one row. */
export const LexiconUpdateInput = LexiconCreateInput
export type LexiconUpdateInput = LexiconCreateInput

export const LexiconReorderInput = z.object({
  ids: z.array(z.string().min(1).max(64)).min(1, 'ids must list at least one item.').max(1000),
})

/** Strict for the same reason as the lexicon input; `name` is allowed (the URL names the skill). */
export const OverrideInput = z.strictObject({
  name: z.string().max(60).optional(),
  levelOverride: z.preprocess(
    (v) => (v === '' ? null : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: 'Level must be a number.' })
      .finite('Level must be a number.')
      .transform((n) => Math.round(Math.min(100, Math.max(0, n))))
      .nullable()
      .optional(),
  ),
  bucketOverride: z.preprocess(
    (v) => (typeof v === 'string' ? cleanLine(v) || null : v),
    z.string().max(60).nullable().optional(),
  ),
  hide: z.boolean().optional(),
})
export type OverrideInput = z.infer<typeof OverrideInput>

export const OverrideName = z.preprocess(
  line,
  z.string().min(2, SKILL_MESSAGES.overrideName).max(60, 'Skill names are at most 60 characters.'),
)

export const SkillsQuery = z.object({ includeCounts: z.enum(['0', '1', 'true', 'false']).optional() })

/** The {name} path parameter of the override routes, as an object so errors carry path "name". */
export const OverrideParams = z.object({ name: OverrideName })
