// Skills room: the pure computation of public skills from lexicon, projects and overrides (no db).
import { LRUCache } from 'lru-cache'
import { LIMITS } from '#src/contract/limits'
import type { LexiconItem, RelatedProject, Skill, SkillOverride } from '#src/contract/skill'

/** What the computation needs of a project; `order` is the project's display order (desc). */
export type SkillSource = {
  slug?: string
  title: string
  summary?: string | null
  bodyMD: string
  tags: string[]
  order: number
}

export const SKILL_SCORE = { tag: 1, text: 0.5 } as const

/**
 * The level formula: a project matching by tag counts 1, one matching only by text counts 0.5;
 * score = sum over projects; level = min(100, 20 + round(20 * score)).
 * So no match = 20, one text match = 30, one tag match = 40, four tag matches = 100.
 */
export function skillLevel(score: number): number {
  return Math.min(LIMITS.skillLevel.max, 20 + Math.round(20 * score))
}

export const clampLevel = (n: number) => Math.round(Math.min(LIMITS.skillLevel.max, Math.max(LIMITS.skillLevel.min, n)))

const key = (s: string) => s.trim().toLowerCase()
// NOTE: only syntax characters: the u flag rejects needless escapes such as \-.
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * A case-insensitive whole-word or whole-phrase matcher. NOTE: \b only knows ASCII word
 * characters and needs a word character on one side, so "c++" or ".net" would never match with
 * it; a letter-or-digit lookaround works for any pattern edge and any script.
 */
export function patternMatcher(pattern: string): RegExp | null {
  const p = pattern.trim()
  if (!p) return null
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(p)}(?![\\p{L}\\p{N}])`, 'iu')
}

/** A pattern's regex, and the lowercase text any match must contain (ASCII patterns only). */
type Test = { regex: RegExp; needle: string | null }
type Matcher = { name: string; bucket: string; tests: Test[]; hints: Set<string> }
/** A project's texts, and their lowercase form for the quick substring check. */
type Texts = { all: string[]; lower: string; foldsToAscii: boolean }

/**
 * Compiled tests by pattern: a Unicode-aware regex costs far more to compile than to run, and the
 * lexicon barely changes. Bounded, in case a lexicon churns through many patterns: 10,000, the
 * least recently used dropped past it (false: a pattern that makes no test). NOTE: counted with
 * maxSize, not max, which would allocate every slot at start (decision 067).
 */
const compiled = new LRUCache<string, Test | false>({ maxSize: 10_000, sizeCalculation: () => 1 })
function testOf(pattern: string): Test | null {
  let t = compiled.get(pattern)
  if (t === undefined) {
    const regex = patternMatcher(pattern)
    // eslint-disable-next-line no-control-regex -- the check is for ASCII itself
    t = regex ? { regex, needle: /^[\x00-\x7f]+$/.test(pattern.trim()) ? pattern.trim().toLowerCase() : null } : false
    compiled.set(pattern, t)
  }
  return t || null
}

function matcherOf(item: LexiconItem): Matcher {
  const tests = item.patterns.map(testOf).filter((t): t is Test => t !== null)
  // The item's own name is always a tag hint: a project tagged "React" counts for React.
  const hints = new Set([item.name, ...item.tagHints].map(key).filter(Boolean))
  return { name: item.name, bucket: item.bucket, tests, hints }
}

/**
 * NOTE: the substring check skips the regex for most (pattern, project) pairs. It is exact for an
 * ASCII pattern: under the `iu` flags only ASCII letters and U+017F (long s) and U+212A (Kelvin
 * sign) fold to ASCII, so a text without those two matches only where its lowercase contains
 * the lowercase pattern.
 */
function textsOf(project: SkillSource): Texts {
  const all = [project.title, project.summary ?? '', project.bodyMD]
  const joined = all.join('\n')
  return { all, lower: joined.toLowerCase(), foldsToAscii: /[\u017f\u212a]/.test(joined) }
}

/** 'tag', 'text' or null: how one project relates to one lexicon item. */
function matchOf(m: Matcher, texts: Texts, tagKeys: string[]): 'tag' | 'text' | null {
  if (tagKeys.some((t) => m.hints.has(t))) return 'tag'
  const hit = m.tests.some(({ regex, needle }) => (needle === null || texts.foldsToAscii || texts.lower.includes(needle)) && texts.all.some((t) => regex.test(t)))
  return hit ? 'text' : null
}

// Array.prototype.sort is stable, so equal orders keep the order the caller gave.
const byOrderAsc = <T extends { order: number }>(list: readonly T[]) => [...list].sort((a, b) => a.order - b.order)
const byOrderDesc = <T extends { order: number }>(list: readonly T[]) => [...list].sort((a, b) => b.order - a.order)

/**
 * Public skills: one per enabled lexicon item, in lexicon order. A name used by two enabled
 * items yields one skill (the first in lexicon order), so the public list never repeats a name.
 * Overrides match names case-insensitively; an override naming no lexicon item does nothing.
 */
export function computeSkills(lexicon: readonly LexiconItem[], projects: readonly SkillSource[], overrides: readonly SkillOverride[]): Skill[] {
  const ordered = byOrderDesc(projects).map((p) => ({ project: p, tagKeys: p.tags.map(key), texts: textsOf(p) }))
  const overrideByKey = new Map(overrides.map((o) => [key(o.name), o]))
  const seen = new Set<string>()
  const skills: Skill[] = []
  for (const item of byOrderAsc(lexicon)) {
    const nameKey = key(item.name)
    if (!item.enabled || seen.has(nameKey)) continue
    seen.add(nameKey)
    const m = matcherOf(item)
    let score = 0
    const relatedProjects: RelatedProject[] = []
    for (const { project, tagKeys, texts } of ordered) {
      const match = matchOf(m, texts, tagKeys)
      if (!match) continue
      score += SKILL_SCORE[match]
      relatedProjects.push({ ...(project.slug ? { slug: project.slug } : {}), title: project.title })
    }
    const override = overrideByKey.get(nameKey)
    if (override?.hide) continue
    skills.push({
      name: item.name,
      level: override?.levelOverride != null ? clampLevel(override.levelOverride) : skillLevel(score),
      bucket: override?.bucketOverride?.trim() ? override.bucketOverride : item.bucket,
      relatedProjects,
    })
  }
  return skills
}
