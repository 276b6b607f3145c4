// Sample content (SEED=demo) and its removal: the seed marks every row it writes, an admin edit
// unmarks it (src/lib/content-write.ts, the skills services), and removal deletes what is still
// marked, nothing else. The persona's settings go with it: a field still holding the sample's
// value returns to blank; a field the owner changed stays.
import { count, eq } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { lexiconItems, posts, projects, skillOverrides } from '#db/schema'
import { BLANK_SETTINGS, type Settings } from '#src/contract/owner/settings'
import type { Clock } from '#src/lib/clock'
import { SAMPLE_SETTINGS } from './sample-settings'
import { settingsStore } from './service'

const TABLES = [projects, posts, lexiconItems, skillOverrides] as const

export function countSample(db: Db): number {
  return TABLES.reduce((sum, t) => sum + (db.select({ n: count() }).from(t).where(eq(t.sample, true)).get()?.n ?? 0), 0)
}

/** Each field of `settings` still equal to the sample's, back to blank. */
export function withoutSamplePersona(settings: Settings): Settings {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
  const out = { ...settings, links: { ...settings.links }, intros: { ...settings.intros } }
  for (const key of Object.keys(settings) as (keyof Settings)[]) {
    if (key === 'links' || key === 'intros') continue
    if (same(settings[key], SAMPLE_SETTINGS[key])) (out as Record<string, unknown>)[key] = BLANK_SETTINGS[key]
  }
  for (const key of Object.keys(settings.links) as (keyof Settings['links'])[]) {
    if (settings.links[key] !== null && settings.links[key] === SAMPLE_SETTINGS.links[key]) out.links[key] = null
  }
  for (const key of Object.keys(settings.intros) as (keyof Settings['intros'])[]) {
    if (settings.intros[key] === SAMPLE_SETTINGS.intros[key]) out.intros[key] = BLANK_SETTINGS.intros[key]
  }
  return out
}

/** Deletes the rows still marked as sample; returns how many went. */
export async function removeSample(db: Db, clock: Clock): Promise<number> {
  const removed = db.transaction((tx) => TABLES.reduce((sum, t) => sum + tx.delete(t).where(eq(t.sample, true)).returning().all().length, 0), { behavior: 'immediate' })
  const store = settingsStore(db)
  const next = withoutSamplePersona(store.get())
  if (JSON.stringify(next) !== JSON.stringify(store.get())) await store.replace(next, clock)
  return removed
}
