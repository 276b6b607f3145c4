// The /skills filters as plain functions: the page (on the server) and its island (in the
// browser) filter, group and order skills with the same code, so both render the same cards.
import type { Skill } from '#src/contract/skill'

/** How long typing rests before the URL follows (the list itself filters on every keystroke). */
export const URL_DELAY_MS = 300

// Plain code-unit order, not localeCompare: the server's and the browser's ICU must not disagree.
const byName = (a: string, b: string) => {
  const x = a.toLowerCase()
  const y = b.toLowerCase()
  return x < y ? -1 : x > y ? 1 : 0
}
export const sortedBuckets = (skills: readonly Skill[]) => [...new Set(skills.map((s) => s.bucket))].sort(byName)

/** The bucket a URL names, spelled as the skills spell it (the URL's case is the visitor's). */
export const matchBucket = (buckets: readonly string[], wanted: string) => buckets.find((b) => b.toLowerCase() === wanted.toLowerCase()) ?? wanted

/**
 * Skills by bucket, buckets in the order their first skill comes (the owner's order), skills in
 * theirs: the page reads as a few short groups, not 26 cards (issue 22).
 */
export function byBucket(skills: readonly Skill[]): { bucket: string; skills: Skill[] }[] {
  const groups = new Map<string, Skill[]>()
  for (const skill of skills) groups.set(skill.bucket, [...(groups.get(skill.bucket) ?? []), skill])
  return [...groups].map(([bucket, list]) => ({ bucket, skills: list }))
}

/** An id-safe form of a bucket's name, for its heading. */
export const slugOf = (bucket: string) => bucket.toLowerCase().replace(/[^a-z0-9]+/g, '-')

export function filterSkills(skills: readonly Skill[], search: string, bucket: string): Skill[] {
  const text = search.trim().toLowerCase()
  const cat = bucket.toLowerCase()
  return skills.filter((s) => (!text || s.name.toLowerCase().includes(text)) && (!cat || s.bucket.toLowerCase() === cat))
}

/** The filters a /skills address carries: ?search= and ?bucket=, trimmed. */
export function filtersOf(search: string): { search: string; bucket: string } {
  const params = new URLSearchParams(search)
  return { search: params.get('search')?.trim() ?? '', bucket: params.get('bucket')?.trim() ?? '' }
}
