// Configuration of contract.md: environment plus .env, parsed once with zod into one typed object.
import { accessSync, constants, mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { z } from 'zod'
import { AdminPassword } from './contract/auth'
import { parseSiteOrigin, type SiteOrigin } from './contract/site-origin'
import { Settings, SETTINGS_FROM_ENV, SettingsLinks, type SettingsEnvName } from './contract/owner/settings'
import type { CaptchaConfig } from './lib/captcha'
import { readEnvironment } from './lib/env-file'
import type { LogLevel } from './lib/logger'
import { parseTrustProxy, type TrustedProxies } from './lib/trusted-proxies'
import { NOTIFY_ENV, notifyConfigOf, type NotifyConfig, type RetryPolicy } from './config/notify-env'
import { PURGE_ENV, purgeConfigOf, type PurgeConfig } from './config/purge-env'

const HCAPTCHA_SITEVERIFY = 'https://api.hcaptcha.com/siteverify'

const optional = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional())
const url = (label: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .refine((s) => /^https?:\/\/[^\s/]+/i.test(s) && URL.canParse(s), `${label} must be an http(s) URL`)
      .optional(),
  )

const Env = z.object({
  PORT: z.preprocess(
    (v) => (v === undefined || v === '' ? '3000' : v),
    z.string().regex(/^\d{1,5}$/, 'must be a port number (0-65535)').transform(Number).refine((n) => n <= 65535, 'must be a port number (0-65535)'),
  ),
  HOST: z.preprocess((v) => (v === '' || v === undefined ? '0.0.0.0' : v), z.string().min(1)),
  DATA_DIR: z.preprocess((v) => (v === '' || v === undefined ? './data' : v), z.string()),
  SITE_URL: url('SITE_URL'),
  ADMIN_EMAIL: optional.pipe(z.string().max(200).includes('@', { message: 'must be an email address' }).optional()),
  ADMIN_PASSWORD: optional.pipe(AdminPassword.optional()),
  SEED: z.preprocess((v) => (v === '' || v === undefined ? 'demo' : v), z.enum(['demo', 'none'], { error: 'must be demo or none' })),
  HCAPTCHA_SITEKEY: optional,
  HCAPTCHA_SECRET: optional,
  HCAPTCHA_VERIFY_URL: url('HCAPTCHA_VERIFY_URL'),
  API_BASE: optional,
  SITE_NAME: optional,
  SITE_TAGLINE: optional,
  HERO_TITLE: optional,
  HERO_SUBTITLE: optional,
  SEO_TITLE: optional,
  SEO_DESCRIPTION: optional,
  GITHUB_URL: url('GITHUB_URL'),
  LINKEDIN_URL: url('LINKEDIN_URL'),
  RESUME_FILE: optional,
  TRUST_PROXY: z
    .string()
    .max(2000)
    .optional()
    .transform((v, ctx) => {
      const trust = parseTrustProxy(v)
      if (typeof trust === 'string') ctx.addIssue({ code: 'custom', message: trust })
      return typeof trust === 'string' ? null : trust
    }),
  BACKUP_INTERVAL_HOURS: z.preprocess(
    (v) => (v === undefined || v === '' ? '24' : v),
    z.string().regex(/^\d+(\.\d+)?$/, 'must be a number of hours (0 turns scheduled backups off)').transform(Number).refine((n) => n <= 24 * 366, 'must be at most a year in hours'),
  ),
  BACKUP_KEEP: z.preprocess(
    (v) => (v === undefined || v === '' ? '7' : v),
    z.string().regex(/^\d{1,4}$/, 'must be a whole number of backups to keep (1 or more)').transform(Number).refine((n) => n >= 1, 'must be a whole number of backups to keep (1 or more)'),
  ),
  // Days a stored message keeps its IP and user-agent (then both are emptied); 0 keeps them forever.
  MESSAGE_META_DAYS: z.preprocess(
    (v) => (v === undefined || v === '' ? '90' : v),
    z.string().regex(/^\d{1,5}$/, 'must be a whole number of days (0 keeps them forever)').transform(Number),
  ),
  // Origins allowed to frame folio's pages (embed mode), space-separated; none but folio itself by default.
  FRAME_ANCESTORS: z.preprocess(
    (v) => (v === undefined || v === '' ? "'self'" : v),
    z
      .string()
      .transform((s) => s.trim().split(/\s+/))
      .refine((list) => list.every((o) => o === "'self'" || o === "'none'" || /^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i.test(o)), {
        message: "must be origins such as https://example.com (or 'self' or 'none'), separated by spaces",
      }),
  ),
  // Counting of visits (server page loads, the beacon, goals); off counts nothing at all.
  ANALYTICS: z.preprocess((v) => (v === '' || v === undefined ? 'on' : v), z.enum(['on', 'off'], { error: 'must be on or off' })),
  // Days raw hits (with the day's visitor hash) are kept before being rolled up into daily sums.
  ANALYTICS_RAW_DAYS: z.preprocess(
    (v) => (v === undefined || v === '' ? '30' : v),
    z.string().regex(/^\d{1,4}$/, 'must be a whole number of days (1 or more)').transform(Number).refine((n) => n >= 1, 'must be a whole number of days (1 or more)'),
  ),
  // Where a new contact message is announced (src/config/notify-env.ts).
  ...NOTIFY_ENV,
  ...PURGE_ENV,
  LOG_LEVEL: z.preprocess((v) => (v === '' || v === undefined ? 'info' : v), z.enum(['debug', 'info', 'warn', 'error'], { error: 'must be debug, info, warn or error' })),
})

export type Config = {
  port: number
  host: string
  dataDir: string
  /** SITE_URL parsed once: build absolute links with absoluteUrl(config.origin, path), test `secure`. */
  origin: SiteOrigin
  /** The same origin as plain text (config.origin.origin), for logs and the export's marker file. */
  siteUrl: string
  admin: { email: string; password: string } | null
  seed: 'demo' | 'none'
  captcha: CaptchaConfig | null
  apiBase: string
  /**
   * The identity variables that were set (SITE_NAME, GITHUB_URL, ...): the first values of an
   * empty database's site settings; after that the admin owns them (src/features/settings).
   */
  settingsEnv: Partial<Record<SettingsEnvName, string>>
  resumeFile: string | null
  /** Null: X-Forwarded-For is ignored (src/lib/trusted-proxies.ts). */
  trustProxy: TrustedProxies | null
  /** CSP frame-ancestors sources: who may show folio's pages in a frame (embed mode). */
  frameAncestors: string[]
  logLevel: LogLevel
  backups: { intervalHours: number; keep: number }
  /** MESSAGE_META_DAYS: stored message IPs and user agents older than this are emptied; 0 never. */
  messageMetaDays: number
  /** ANALYTICS and ANALYTICS_RAW_DAYS: whether visits are counted; days raw hits are kept. */
  analytics: { enabled: boolean; rawDays: number }
  /** SMTP_URL, MAIL_FROM, NOTIFY_EMAIL, NOTIFY_WEBHOOK_URL: how a new contact message is announced (a null channel is off). */
  notify: NotifyConfig
  /** CACHE_PURGE_URLS, CLOUDFLARE_ZONE_ID, CLOUDFLARE_API_TOKEN: the caches in front told of every change. */
  purge: PurgeConfig
  /** Never from the environment: tests shorten the notification retry delays (src/features/notifications/backoff.ts). */
  notifyRetry?: RetryPolicy
  /** Never from the environment: tests loosen the contact form's guards (src/features/contact/guards.ts). */
  contactGuards?: { minFillMs?: number; global?: { max: number; windowMs: number } }
  /** Never from the environment: tests that make many wrong guesses a second loosen the check budget (src/features/auth/hash-budget.ts). */
  loginChecks?: { perSecond: number; burst: number }
  /** Never from the environment: `folio export` sets it to render pages for a static host. */
  staticExport?: boolean
}

/** A configuration problem, reported as one line naming the variable. */
export class ConfigError extends Error {
  constructor(readonly variable: string, problem: string) {
    super(`Invalid configuration: ${variable} ${problem}`)
  }
}

function pairOrNone(a: string | undefined, b: string | undefined, nameA: string, nameB: string) {
  if (a && !b) throw new ConfigError(nameB, `must be set together with ${nameA}`)
  if (b && !a) throw new ConfigError(nameA, `must be set together with ${nameB}`)
  return a && b ? ([a, b] as const) : null
}

function ensureWritableDir(dir: string) {
  try {
    mkdirSync(dir, { recursive: true })
    accessSync(dir, constants.W_OK)
  } catch {
    throw new ConfigError('DATA_DIR', `(${dir}) is not a writable directory`)
  }
}

/** The identity variables that are set, each checked by the rule of the setting it fills. */
function settingsEnvOf(e: Partial<Record<SettingsEnvName, string>>): Partial<Record<SettingsEnvName, string>> {
  const out: Partial<Record<SettingsEnvName, string>> = {}
  for (const name of Object.keys(SETTINGS_FROM_ENV) as SettingsEnvName[]) {
    const value = e[name]
    if (!value) continue
    const field = SETTINGS_FROM_ENV[name]
    const schema = field === 'links.github' ? SettingsLinks.shape.github : field === 'links.linkedin' ? SettingsLinks.shape.linkedin : Settings.shape[field]
    const checked = schema.safeParse(value)
    if (!checked.success) throw new ConfigError(name, checked.error.issues[0]!.message)
    if (typeof checked.data === 'string') out[name] = checked.data
  }
  return out
}

/** Parses the environment (and `.env` of cwd); throws ConfigError on the first bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): Config {
  const parsed = Env.safeParse(readEnvironment(env, cwd))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new ConfigError(String(issue.path[0] ?? 'environment'), issue.message)
  }
  const e = parsed.data
  const dataDir = resolve(cwd, e.DATA_DIR)
  ensureWritableDir(dataDir)
  const admin = pairOrNone(e.ADMIN_EMAIL, e.ADMIN_PASSWORD, 'ADMIN_EMAIL', 'ADMIN_PASSWORD')
  const captcha = pairOrNone(e.HCAPTCHA_SITEKEY, e.HCAPTCHA_SECRET, 'HCAPTCHA_SITEKEY', 'HCAPTCHA_SECRET')
  const origin = parseSiteOrigin(e.SITE_URL ?? `http://localhost:${e.PORT}`)
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    origin,
    siteUrl: origin.origin,
    admin: admin ? { email: admin[0].toLowerCase(), password: admin[1] } : null,
    seed: e.SEED,
    captcha: captcha ? { siteKey: captcha[0], secret: captcha[1], verifyUrl: e.HCAPTCHA_VERIFY_URL ?? HCAPTCHA_SITEVERIFY } : null,
    apiBase: e.API_BASE ?? '',
    settingsEnv: settingsEnvOf(e),
    resumeFile: e.RESUME_FILE ? resolve(cwd, e.RESUME_FILE) : null,
    trustProxy: e.TRUST_PROXY,
    frameAncestors: e.FRAME_ANCESTORS,
    logLevel: e.LOG_LEVEL,
    backups: { intervalHours: e.BACKUP_INTERVAL_HOURS, keep: e.BACKUP_KEEP },
    messageMetaDays: e.MESSAGE_META_DAYS,
    analytics: { enabled: e.ANALYTICS === 'on', rawDays: e.ANALYTICS_RAW_DAYS },
    notify: notifyConfigOf(e, new URL(origin.origin).hostname),
    purge: purgeConfigOf(e, (variable, problem) => {
      throw new ConfigError(variable, problem)
    }),
  }
}
