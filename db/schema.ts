// The data model: every entity of spec section 3 plus what the server needs.
// Tables and columns in snake_case; timestamps are ISO-8601 UTC text, which sorts correctly.
import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import type { PublicationStatus } from '../src/contract/publication'

export const admins = sqliteTable('admins', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
  /** When the admin last opened the inbox: messages after it count as unread. */
  inboxOpenedAt: text('inbox_opened_at'),
  /** false once the owner turned password sign-in off (only with a passkey; issue 23). */
  passwordSignIn: integer('password_sign_in', { mode: 'boolean' }).notNull().default(true),
  /** The TOTP secret (base32) once enrolled, and the last 30-second step a code was taken for (no replay). */
  totpSecret: text('totp_secret'),
  totpEnabledAt: text('totp_enabled_at'),
  totpLastStep: integer('totp_last_step'),
})

/** Only a SHA-256 of the session token is stored; the token itself lives in the cookie. */
export const sessions = sqliteTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    createdAt: text('created_at').notNull(),
    expiresAt: text('expires_at').notNull(),
    /** How it signed in (contract "Sign-in": password, password+totp, password+recovery, passkey, setup). */
    method: text('method').notNull().default('password'),
    /** The browser's User-Agent, at most 300 characters, and when the session was last used (to 5 minutes). */
    userAgent: text('user_agent'),
    lastSeenAt: text('last_seen_at'),
    /** When the session last proved it is the owner (its sign-in, or a re-authentication): changes to sign-in methods need it recent. */
    reauthenticatedAt: text('reauthenticated_at'),
  },
  (t) => [index('sessions_expires_at').on(t.expiresAt), index('sessions_admin_id').on(t.adminId)],
)

export const projects = sqliteTable(
  'projects',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary'),
    role: text('role'),
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    bodyMd: text('body_md').notNull(),
    bodyHtml: text('body_html').notNull(),
    heroImage: text('hero_image'),
    gallery: text('gallery', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    demoLinks: text('demo_links', { mode: 'json' }).$type<Record<string, string>>().notNull().default(sql`'{}'`),
    metrics: text('metrics', { mode: 'json' }).$type<Record<string, number | string>>().notNull().default(sql`'{}'`),
    sortOrder: real('sort_order').notNull().default(0),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    /** draft | published | scheduled (public from publish_at on). */
    status: text('status').$type<PublicationStatus>().notNull().default('published'),
    publishAt: text('publish_at'),
    /** Created by the seed and never edited since: "Remove sample content" takes it. */
    sample: integer('sample', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [uniqueIndex('projects_slug').on(t.slug), index('projects_sort_order').on(t.sortOrder)],
)

/** One row per (project, tag) so the tag filter is an index lookup; tag_key is lowercased. */
export const projectTags = sqliteTable(
  'project_tags',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    tagKey: text('tag_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.tagKey] }), index('project_tags_tag_key').on(t.tagKey)],
)

export const posts = sqliteTable(
  'posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    bodyMd: text('body_md').notNull(),
    bodyHtml: text('body_html').notNull(),
    readingMinutes: integer('reading_minutes').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    /** draft | published | scheduled (public from publish_at on). */
    status: text('status').$type<PublicationStatus>().notNull().default('published'),
    publishAt: text('publish_at'),
    toc: integer('toc', { mode: 'boolean' }).notNull().default(false),
    /** Created by the seed and never edited since: "Remove sample content" takes it. */
    sample: integer('sample', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [uniqueIndex('posts_slug').on(t.slug), index('posts_created_at').on(t.createdAt)],
)

export const postTags = sqliteTable(
  'post_tags',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    tagKey: text('tag_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tagKey] }), index('post_tags_tag_key').on(t.tagKey)],
)

export const lexiconItems = sqliteTable(
  'lexicon_items',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    bucket: text('bucket').notNull(),
    patterns: text('patterns', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    tagHints: text('tag_hints', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    sortOrder: real('sort_order').notNull().default(0),
    sample: integer('sample', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('lexicon_items_sort_order').on(t.sortOrder)],
)

/** Keyed by the lowercased skill name so "react" and "React" are one override. */
export const skillOverrides = sqliteTable('skill_overrides', {
  nameKey: text('name_key').primaryKey(),
  name: text('name').notNull(),
  levelOverride: integer('level_override'),
  bucketOverride: text('bucket_override'),
  hide: integer('hide', { mode: 'boolean' }).notNull().default(false),
  sample: integer('sample', { mode: 'boolean' }).notNull().default(false),
})

export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    reason: text('reason', { enum: ['general', 'collaboration', 'resume'] }).notNull(),
    message: text('message').notNull(),
    archived: integer('archived', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('created_at').notNull(),
    ip: text('ip').notNull().default(''),
    ua: text('ua').notNull().default(''),
    /** How the visit that sent it began (entry page, referring host, campaign); null when not counted. */
    visitEntry: text('visit_entry'),
    visitReferrer: text('visit_referrer'),
    visitCampaign: text('visit_campaign'),
  },
  (t) => [index('contact_messages_archived_created').on(t.archived, t.createdAt), index('contact_messages_created').on(t.createdAt)],
)

/**
 * One-time resume links. The token itself is never stored: `token_hash` (SHA-256 hex) finds a
 * presented token, `token_sealed` (AES-256-GCM under DATA_DIR/keys/resume-links.key, never in a
 * backup) gives it back to the admin's list. See docs/decisions/security/008-resume-tokens-at-rest.md.
 */
export const resumeLinks = sqliteTable(
  'resume_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    tokenSealed: text('token_sealed').notNull(),
    createdAt: text('created_at').notNull(),
    expiresAt: text('expires_at').notNull(),
    used: integer('used', { mode: 'boolean' }).notNull().default(false),
    usedAt: text('used_at'),
  },
  (t) => [index('resume_links_created_at').on(t.createdAt)],
)

/**
 * Counted hits: page views and goals. A raw row (hits 1) carries the day's keyed visitor hash and
 * the time; after ANALYTICS_RAW_DAYS the rows of a day are rolled up into one row per distinct set
 * of values (hits, visitors and entries summed, no hash, no time), so every sum stays exact.
 * The visit's values (entry page, referrer, campaign, browser, OS, device) are those of the
 * visitor's first view that day; '' means none. Never an IP, a user agent or a cookie.
 */
export const analyticsHits = sqliteTable(
  'analytics_hits',
  {
    // NOTE: no AUTOINCREMENT: order is all the id gives, and it spares a write per batch.
    id: integer('id').primaryKey(),
    day: text('day').notNull(),
    kind: text('kind', { enum: ['view', 'goal'] }).notNull(),
    path: text('path').notNull().default(''),
    goal: text('goal').notNull().default(''),
    entryPath: text('entry_path').notNull().default(''),
    referrer: text('referrer').notNull().default(''),
    utmSource: text('utm_source').notNull().default(''),
    utmMedium: text('utm_medium').notNull().default(''),
    utmCampaign: text('utm_campaign').notNull().default(''),
    browser: text('browser').notNull().default(''),
    os: text('os').notNull().default(''),
    device: text('device').notNull().default(''),
    /** Views (or goal completions) this row stands for. */
    hits: integer('hits').notNull().default(1),
    /** Visitors seeing this path (reaching this goal) for the first time that day. */
    visitors: integer('visitors').notNull().default(0),
    /** Visits begun: a visitor's first view of the day. */
    entries: integer('entries').notNull().default(0),
    /** The day's keyed visitor hash; null once rolled up. */
    visitor: text('visitor'),
    createdAt: text('created_at'),
  },
  (t) => [index('analytics_hits_day').on(t.day)],
)

/**
 * Per day and dimension, the sums of analytics_hits by one value (dim 'total' holds the day's),
 * plus the counts kept nowhere else (bots by reason, 404s by path, feed fetches): written with
 * every hit, so an unfiltered summary reads a few hundred rows a day, not every view.
 */
export const analyticsDaily = sqliteTable(
  'analytics_daily',
  {
    day: text('day').notNull(),
    dim: text('dim').notNull(),
    value: text('value').notNull(),
    hits: integer('hits').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
  },
  // NOTE: (dim, value, day, hits, visitors) covers a panel: one dimension's rows come in value
  // order, so a year groups as it streams, with no sort of tens of thousands of rows.
  (t) => [
    primaryKey({ columns: [t.day, t.dim, t.value] }),
    index('analytics_daily_dim_day').on(t.dim, t.day),
    index('analytics_daily_dim_value').on(t.dim, t.value, t.day, t.hits, t.visitors),
  ],
)

/** The random key of one UTC day's visitor hashes; deleted when the day is over. */
export const analyticsSalts = sqliteTable('analytics_salts', {
  day: text('day').primaryKey(),
  salt: text('salt').notNull(),
})

/** Read-only tokens for the stats API; only a SHA-256 of each is kept. Deleting one revokes it. */
export const statsTokens = sqliteTable('stats_tokens', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: text('created_at').notNull(),
  lastUsedAt: text('last_used_at'),
})

/** Mock token-demo transactions; pruned by the demo service so the table stays small. */
export const demoTransactions = sqliteTable(
  'demo_transactions',
  {
    id: text('id').primaryKey(),
    state: text('state', { enum: ['pending', 'confirmed'] }).notNull(),
    createdAt: text('created_at').notNull(),
    confirmAt: text('confirm_at').notNull(),
  },
  (t) => [index('demo_transactions_created_at').on(t.createdAt)],
)

/** Keys the server made for itself (the preview links' signing key); never shown, kept with the data. */
export const serverKeys = sqliteTable('server_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: text('created_at').notNull(),
})

/** The owner's site settings (contract "Site settings"): one row, id 1, the whole Settings as JSON. */
export const siteSettings = sqliteTable('site_settings', {
  id: integer('id').primaryKey(),
  data: text('data').notNull(),
  updatedAt: text('updated_at').notNull(),
})

/** One-time setup addresses of the first run: only a SHA-256 of the token is kept. */
export const setupTokens = sqliteTable('setup_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  createdAt: text('created_at').notNull(),
  expiresAt: text('expires_at').notNull(),
})

/**
 * Notifications waiting to go out (contract "Notifications"): written in the transaction that
 * stores the message, so a crash after the visitor's answer loses none; sent_at set once delivered.
 */
export const notificationOutbox = sqliteTable(
  'notification_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    channel: text('channel', { enum: ['email', 'webhook'] }).notNull(),
    messageId: text('message_id').notNull(),
    payload: text('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: text('next_attempt_at').notNull(),
    createdAt: text('created_at').notNull(),
    sentAt: text('sent_at'),
    lastError: text('last_error'),
  },
  (t) => [uniqueIndex('notification_outbox_message_channel').on(t.messageId, t.channel), index('notification_outbox_pending').on(t.sentAt, t.nextAttemptAt)],
)

/**
 * Uploaded images (issue 22): the size read from the file's header when it arrived, and the widths
 * of its responsive variants (WebP and AVIF each) once `folio images` made them. `variantsAt`
 * null: not made yet; `note`: why an image has none (too large, unreadable).
 */
export const images = sqliteTable('images', {
  name: text('name').primaryKey(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  variantWidths: text('variant_widths', { mode: 'json' }).$type<number[]>().notNull().default([]),
  variantsAt: text('variants_at'),
  note: text('note'),
})

/** The admin's passkeys (WebAuthn credentials; issue 23): the public key, its counter and backup flags. */
export const passkeys = sqliteTable(
  'passkeys',
  {
    /** The credential id, base64url. */
    id: text('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: text('transports', { mode: 'json' }).$type<string[]>().notNull().default([]),
    deviceType: text('device_type').notNull(),
    backedUp: integer('backed_up', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('created_at').notNull(),
    lastUsedAt: text('last_used_at'),
  },
  (t) => [index('passkeys_admin_id').on(t.adminId)],
)

/** One-time recovery codes of the TOTP second factor: only a SHA-256 of each is kept. */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    createdAt: text('created_at').notNull(),
    usedAt: text('used_at'),
  },
  (t) => [index('recovery_codes_admin_id').on(t.adminId)],
)
