// The settings form's values and rules: text fields as typed, the patch of what changed since the
// last save (only that is sent), the contract's own check, and where each error shows.
import { issuesToDetails, type ErrorDetail } from '#src/contract/errors'
import { LINK_KEYS, SettingsPatch, type Settings } from '#src/contract/owner/settings'
import type { LinkKey } from '#src/contract/owner/social-links'

type Intro = keyof Settings['intros']
export const INTRO_KEYS = ['projects', 'blog', 'skills'] as const satisfies readonly Intro[]

/** The plain-text fields, edited as typed. */
export const TEXT_KEYS = ['siteName', 'tagline', 'heroTitle', 'heroSubtitle', 'about', 'seoTitle', 'seoDescription', 'accent'] as const
type TextKey = (typeof TEXT_KEYS)[number]

export type SettingsValues = Record<TextKey, string> & {
  avatar: string | null
  links: Record<LinkKey, string>
  intros: Record<Intro, string>
  /** Comma-separated, as typed. */
  quickTags: string
  defaultTheme: Settings['defaultTheme']
  demoEnabled: boolean
}

/** A field's error key: 'siteName', 'links.github', 'intros.blog'. */
export type FieldKey = TextKey | 'avatar' | 'quickTags' | 'defaultTheme' | 'demoEnabled' | `links.${LinkKey}` | `intros.${Intro}`
export type SettingsErrors = Partial<Record<FieldKey, string>>

export function valuesOf(s: Settings): SettingsValues {
  return {
    siteName: s.siteName,
    tagline: s.tagline,
    heroTitle: s.heroTitle,
    heroSubtitle: s.heroSubtitle,
    about: s.about,
    seoTitle: s.seoTitle,
    seoDescription: s.seoDescription,
    accent: s.accent,
    avatar: s.avatar,
    links: Object.fromEntries(LINK_KEYS.map((k) => [k, s.links[k] ?? ''])) as Record<LinkKey, string>,
    intros: { ...s.intros },
    quickTags: s.quickTags.join(', '),
    defaultTheme: s.defaultTheme,
    demoEnabled: s.demoEnabled,
  }
}

/** 'MERN, , Solidity ' -> ['MERN', 'Solidity']. */
export const tagsOf = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i])

/** What differs from the saved settings; an empty object when nothing does. */
export function patchOf(saved: Settings, v: SettingsValues): SettingsPatch {
  const patch: SettingsPatch = {}
  for (const key of TEXT_KEYS) if (v[key] !== saved[key]) patch[key] = v[key]
  if (v.avatar !== saved.avatar) patch.avatar = v.avatar
  const links: Partial<Record<LinkKey, string | null>> = {}
  for (const key of LINK_KEYS) if (v.links[key].trim() !== (saved.links[key] ?? '')) links[key] = v.links[key].trim() || null
  if (Object.keys(links).length) patch.links = links
  const intros: Partial<Record<Intro, string>> = {}
  for (const key of INTRO_KEYS) if (v.intros[key] !== saved.intros[key]) intros[key] = v.intros[key]
  if (Object.keys(intros).length) patch.intros = intros
  const tags = tagsOf(v.quickTags)
  if (!sameList(tags, saved.quickTags)) patch.quickTags = tags
  if (v.defaultTheme !== saved.defaultTheme) patch.defaultTheme = v.defaultTheme
  if (v.demoEnabled !== saved.demoEnabled) patch.demoEnabled = v.demoEnabled
  return patch
}

export const isEmptyPatch = (patch: SettingsPatch) => Object.keys(patch).length === 0

const FIELD_KEYS = new Set<string>([...TEXT_KEYS, 'avatar', 'quickTags', 'defaultTheme', 'demoEnabled', ...LINK_KEYS.map((k) => `links.${k}`), ...INTRO_KEYS.map((k) => `intros.${k}`)])

/** The field a detail's path belongs to ('quickTags.3' is the quick tags field), or null. */
export function fieldOf(path: string | undefined): FieldKey | null {
  if (!path) return null
  const parts = path.split('.')
  const key = parts[0] === 'links' || parts[0] === 'intros' ? parts.slice(0, 2).join('.') : parts[0]!
  return FIELD_KEYS.has(key) ? (key as FieldKey) : null
}

/** Details split into field messages (the first per field) and the lines no field shows. */
export function splitDetails(details: readonly ErrorDetail[]): { fields: SettingsErrors; rest: string[] } {
  const fields: SettingsErrors = {}
  const rest: string[] = []
  for (const d of details) {
    const field = fieldOf(d.path)
    if (field) fields[field] ??= d.message
    else rest.push(d.message)
  }
  return { fields, rest }
}

/** The contract's check of a patch before it is sent (the server checks again and decides). */
export function checkPatch(patch: SettingsPatch): SettingsErrors {
  const result = SettingsPatch.safeParse(patch)
  return result.success ? {} : splitDetails(issuesToDetails(result.error.issues)).fields
}
