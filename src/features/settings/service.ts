// Settings room: the owner's site settings, one row of JSON read once and kept in memory (every
// public page shows them, so a read per request would be a query per page for nothing).
import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '#db/connection'
import { siteSettings } from '#db/schema'
import { BLANK_SETTINGS, mergeSettings, Settings, SETTINGS_FROM_ENV, settingOf, type SettingsEnvName, type SettingsPatch, withSetting } from '#src/contract/owner/settings'
import type { Config } from '#src/config'
import type { Clock } from '#src/lib/clock'
import type { Logger } from '#src/lib/logger'
import { renderMarkdown } from '#src/lib/markdown'

/** What the row holds: the settings and the about text's HTML, rendered when it is saved. */
type Stored = { settings: Settings; aboutHtml: string }

const ROW_ID = 1

export type SettingsStore = {
  get(): Settings
  aboutHtml(): string
  /** Bumped on every change: who derives something from settings can tell it is stale. */
  version(): number
  /** A checked patch (SettingsPatch's output): `links` and `intros` merge field by field. */
  update(patch: z.output<typeof SettingsPatch>, clock: Clock): Promise<Settings>
  /** Writes whole settings (the first start, sample removal); `aboutHtml` rendered here unless given. */
  replace(settings: Settings, clock: Clock, aboutHtml?: string): Promise<Settings>
}

function read(db: Db): Stored | null {
  const row = db.select().from(siteSettings).where(eq(siteSettings.id, ROW_ID)).get()
  if (!row) return null
  const parsed = JSON.parse(row.data) as Stored
  // A row from an older build may lack a newer field: the blank value fills it.
  const settings = Settings.safeParse({ ...BLANK_SETTINGS, ...parsed.settings, links: { ...BLANK_SETTINGS.links, ...parsed.settings?.links }, intros: { ...BLANK_SETTINGS.intros, ...parsed.settings?.intros } })
  return { settings: settings.success ? settings.data : BLANK_SETTINGS, aboutHtml: parsed.aboutHtml ?? '' }
}

const stores = new WeakMap<Db, SettingsStore>()

/** The one store of a database (every feature reaches it through its connection). */
export function settingsStore(db: Db): SettingsStore {
  let store = stores.get(db)
  if (store) return store
  let current = read(db) ?? { settings: BLANK_SETTINGS, aboutHtml: '' }
  let version = 0
  const write = async (settings: Settings, clock: Clock, given?: string) => {
    const aboutHtml = given ?? (settings.about === current.settings.about && current.aboutHtml ? current.aboutHtml : settings.about ? await renderMarkdown(settings.about) : '')
    const data = JSON.stringify({ settings, aboutHtml } satisfies Stored)
    const updatedAt = clock.now().toISOString()
    db.insert(siteSettings).values({ id: ROW_ID, data, updatedAt }).onConflictDoUpdate({ target: siteSettings.id, set: { data, updatedAt } }).run()
    current = { settings, aboutHtml }
    version++
    return settings
  }
  store = {
    get: () => current.settings,
    aboutHtml: () => current.aboutHtml,
    version: () => version,
    update: (patch, clock) => write(mergeSettings(current.settings, patch), clock),
    replace: write,
  }
  stores.set(db, store)
  return store
}

/**
 * At start: an empty database gets its first settings (the seed's persona with SEED=demo, else
 * blank; each identity variable that is set wins); later starts keep the stored values and warn
 * once for each variable that disagrees (the admin owns them now). `prebuiltHtmlOf`: the HTML the
 * build rendered for a sample text (src/seed/seed.ts, handed in by server.ts).
 */
export async function initSettings(
  db: Db,
  config: Pick<Config, 'seed' | 'settingsEnv'>,
  clock: Clock,
  log: Logger,
  prebuiltHtmlOf: (markdown: string) => string | undefined = () => undefined,
): Promise<void> {
  const names = Object.keys(config.settingsEnv) as SettingsEnvName[]
  if (read(db)) {
    const stored = settingsStore(db).get()
    for (const name of names) {
      if (settingOf(stored, SETTINGS_FROM_ENV[name]) !== config.settingsEnv[name]) {
        log.warn(`${name} differs from the site settings; the settings win (change them in /admin/settings, or unset ${name})`, { variable: name })
      }
    }
    return
  }
  let first = config.seed === 'demo' ? (await import('./sample-settings')).SAMPLE_SETTINGS : BLANK_SETTINGS
  for (const name of names) first = withSetting(first, SETTINGS_FROM_ENV[name], config.settingsEnv[name]!)
  // A site named by SITE_NAME alone takes it as its search title too (as before settings existed).
  if (config.settingsEnv.SITE_NAME && !config.settingsEnv.SEO_TITLE) first = { ...first, seoTitle: config.settingsEnv.SITE_NAME }
  // The binary's first start takes the sample's about text as the build rendered it: loading the
  // markdown renderer for one paragraph would leave its megabytes resident for good.
  const prebuilt = config.seed === 'demo' ? prebuiltHtmlOf(first.about) : undefined
  await settingsStore(db).replace(first, clock, prebuilt)
}
