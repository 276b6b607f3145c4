// The owner's site settings (contract "The owner's surfaces" → "Site settings"): who the site
// belongs to, edited in the admin, stored in the database, read by every public page.
import { z } from 'zod'
import { cleanLine, cleanText } from '../text'

export { LINK_KEYS, LINK_LABELS } from './social-links'

export const SETTINGS_LIMITS = {
  siteName: 80,
  line: 200,
  heroSubtitle: 400,
  about: 5000,
  seoDescription: 300,
  intro: 300,
  url: 500,
  quickTags: 12,
  quickTag: 40,
} as const

/** One line of text: control characters and bidi overrides stripped, whitespace collapsed (like the contact form's). */
const line = (max: number, label: string, min = 0) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? cleanLine(v) : v),
    z
      .string({ error: `${label} must be text.` })
      .min(min, `${label} is required.`)
      .max(max, `${label} must be at most ${max} characters.`),
  )

const markdown = (max: number, label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? cleanText(v) : v),
    z.string({ error: `${label} must be text.` }).max(max, `${label} must be at most ${max} characters.`),
  )

const empty = (v: unknown) => (v === '' || (typeof v === 'string' && v.trim() === '') ? null : v)

/** An absolute http(s) address; an empty field means none. */
const webUrl = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? empty(v.trim()) : v),
    z
      .string({ error: `${label} must be a web address.` })
      .max(SETTINGS_LIMITS.url, `${label} must be at most ${SETTINGS_LIMITS.url} characters.`)
      .refine((s) => {
        try {
          const u = new URL(s)
          return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname.includes('.') && !u.username && !u.password
        } catch {
          return false
        }
      }, `${label} must be a full web address starting with https://.`)
      .nullable(),
  )

export const SettingsLinks = z.object({
  github: webUrl('GitHub'),
  linkedin: webUrl('LinkedIn'),
  email: z.preprocess(
    (v) => (typeof v === 'string' ? empty(cleanLine(v)) : v),
    z.email({ error: 'Email must be a plain address like you@example.com.' }).max(200).nullable(),
  ),
  mastodon: webUrl('Mastodon'),
  bluesky: webUrl('Bluesky'),
  x: webUrl('X'),
  website: webUrl('Website'),
})
export type SettingsLinks = z.output<typeof SettingsLinks>
export const SettingsIntros = z.object({
  projects: line(SETTINGS_LIMITS.intro, 'The projects intro'),
  blog: line(SETTINGS_LIMITS.intro, 'The blog intro'),
  skills: line(SETTINGS_LIMITS.intro, 'The skills intro'),
})

/** Where an uploaded avatar lives: the uploads' content-addressed images (src/features/uploads). */
export const AVATAR_PATH = /^\/uploads\/images\/[a-f0-9]{32}\.(png|jpg|webp|avif)$/

export const Settings = z.object({
  siteName: line(SETTINGS_LIMITS.siteName, 'Site name', 1),
  tagline: line(SETTINGS_LIMITS.line, 'Tagline'),
  heroTitle: line(SETTINGS_LIMITS.line, 'Headline', 1),
  heroSubtitle: line(SETTINGS_LIMITS.heroSubtitle, 'Subtitle'),
  about: markdown(SETTINGS_LIMITS.about, 'About'),
  seoTitle: line(SETTINGS_LIMITS.line, 'Search title'),
  seoDescription: line(SETTINGS_LIMITS.seoDescription, 'Search description'),
  avatar: z.preprocess(empty, z.string().regex(AVATAR_PATH, 'The photo must be an image uploaded here.').nullable()),
  links: SettingsLinks,
  intros: SettingsIntros,
  quickTags: z
    .array(line(SETTINGS_LIMITS.quickTag, 'A quick tag', 1), { error: 'Quick tags must be a list of tags.' })
    .max(SETTINGS_LIMITS.quickTags, `At most ${SETTINGS_LIMITS.quickTags} quick tags.`)
    .transform((tags) => tags.filter((t, i) => tags.findIndex((u) => u.toLowerCase() === t.toLowerCase()) === i)),
  accent: z.string({ error: 'The accent must be a colour like #3366cc.' }).regex(/^#[0-9a-fA-F]{6}$/, 'The accent must be a colour like #3366cc.').transform((s) => s.toLowerCase()),
  defaultTheme: z.enum(['dark', 'light'], { error: 'The default theme is dark or light.' }),
  demoEnabled: z.boolean({ error: 'demoEnabled must be true or false.' }),
})
export type Settings = z.output<typeof Settings>

/** PUT /api/admin/settings: any subset of the fields; `links` and `intros` may be partial too. */
export const SettingsPatch = Settings.extend({ links: SettingsLinks.partial(), intros: SettingsIntros.partial() }).partial().strict()
export type SettingsPatch = z.input<typeof SettingsPatch>

/** An empty database's settings when neither the seed nor the environment says otherwise. */
export const BLANK_SETTINGS: Settings = {
  siteName: 'My site',
  tagline: '',
  heroTitle: 'Welcome',
  heroSubtitle: '',
  about: '',
  seoTitle: '',
  seoDescription: '',
  avatar: null,
  links: { github: null, linkedin: null, email: null, mastodon: null, bluesky: null, x: null, website: null },
  intros: { projects: '', blog: '', skills: '' },
  quickTags: [],
  accent: '#7cb7ff',
  defaultTheme: 'dark',
  demoEnabled: true,
}

/** The variables that give an empty database its first values (contract), and the field each fills. */
export const SETTINGS_FROM_ENV = {
  SITE_NAME: 'siteName',
  SITE_TAGLINE: 'tagline',
  HERO_TITLE: 'heroTitle',
  HERO_SUBTITLE: 'heroSubtitle',
  SEO_TITLE: 'seoTitle',
  SEO_DESCRIPTION: 'seoDescription',
  GITHUB_URL: 'links.github',
  LINKEDIN_URL: 'links.linkedin',
} as const
export type SettingsEnvName = keyof typeof SETTINGS_FROM_ENV

/** The field a variable fills, read from settings. */
export function settingOf(settings: Settings, field: (typeof SETTINGS_FROM_ENV)[SettingsEnvName]): string | null {
  if (field === 'links.github') return settings.links.github
  if (field === 'links.linkedin') return settings.links.linkedin
  return settings[field]
}

/** Writes the field a variable fills. */
export function withSetting(settings: Settings, field: (typeof SETTINGS_FROM_ENV)[SettingsEnvName], value: string): Settings {
  if (field === 'links.github') return { ...settings, links: { ...settings.links, github: value } }
  if (field === 'links.linkedin') return { ...settings, links: { ...settings.links, linkedin: value } }
  return { ...settings, [field]: value }
}

/** A patch applied to settings: `links` and `intros` merge field by field. */
export function mergeSettings(current: Settings, patch: z.output<typeof SettingsPatch>): Settings {
  return {
    ...current,
    ...patch,
    links: { ...current.links, ...patch.links },
    intros: { ...current.intros, ...patch.intros },
  }
}
