// Private preview links to a draft (issue 6): `/preview/{token}`, where the token names the item
// by id (a renamed slug keeps the link working) and its expiry, signed with HMAC-SHA256 under a
// key the server made for itself and keeps with the data. Nothing is stored per link; rotating
// the key revokes every link at once.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { posts, projects, serverKeys } from '#db/schema'
import * as paths from '#src/contract/paths'
import type { PreviewLink, PreviewLinkInput } from '#src/contract/publication'
import { absoluteUrl, type SiteOrigin } from '#src/contract/site-origin'
import { HOUR, type Clock } from '#src/lib/clock'
import { notFound } from '#src/lib/http-error'

const KEY_NAME = 'preview-links'
export type PreviewKind = 'post' | 'project'
const TOKEN = /^(post|project)\.(\d{1,15})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/

/** The signing key, made on first use. */
function signingKey(db: Db, clock: Clock): Buffer {
  const row = db.select({ value: serverKeys.value }).from(serverKeys).where(eq(serverKeys.name, KEY_NAME)).get()
  if (row) return Buffer.from(row.value, 'base64url')
  const value = randomBytes(32).toString('base64url')
  // Two first uses at once: the first key written wins and both read it back.
  db.insert(serverKeys).values({ name: KEY_NAME, value, createdAt: clock.now().toISOString() }).onConflictDoNothing().run()
  return signingKey(db, clock)
}

const signature = (key: Buffer, kind: PreviewKind, id: number, expires: number) => createHmac('sha256', key).update(`${kind}:${id}:${expires}`).digest()

/** A link to the item (any status) for `hours`; 404 when there is no such item. */
export function createPreviewLink(db: Db, clock: Clock, site: SiteOrigin, input: Required<Pick<PreviewLinkInput, 'kind' | 'slug'>> & { hours: number }): PreviewLink {
  const table = input.kind === 'post' ? posts : projects
  const row = db.select({ id: table.id }).from(table).where(eq(table.slug, input.slug)).get()
  if (!row) throw notFound(input.kind === 'post' ? 'Post not found.' : 'Project not found.')
  const expires = clock.now().getTime() + input.hours * HOUR
  const sig = signature(signingKey(db, clock), input.kind, row.id, expires).toString('base64url')
  return { url: absoluteUrl(site, paths.preview(`${input.kind}.${row.id}.${expires}.${sig}`)), expiresAt: new Date(expires).toISOString() }
}

export type PreviewTarget = { kind: PreviewKind; slug: string; expiresAt: string }

/** The item a token opens, or null: malformed, forged, expired or its item deleted all look alike. */
export function openPreviewLink(db: Db, clock: Clock, token: string): PreviewTarget | null {
  const m = TOKEN.exec(token)
  if (!m) return null
  const kind = m[1] as PreviewKind
  const id = Number(m[2])
  const expires = Number(m[3])
  // Compared as text: base64url's last character carries spare bits, so two spellings decode to
  // the same bytes; only the one the server wrote is a valid link.
  const given = Buffer.from(m[4]!)
  const expected = Buffer.from(signature(signingKey(db, clock), kind, id, expires).toString('base64url'))
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  if (clock.now().getTime() >= expires) return null
  const table = kind === 'post' ? posts : projects
  const row = db.select({ slug: table.slug }).from(table).where(eq(table.id, id)).get()
  return row ? { kind, slug: row.slug, expiresAt: new Date(expires).toISOString() } : null
}

/** A new key: every link made so far stops working. */
export function revokePreviewLinks(db: Db): void {
  db.delete(serverKeys).where(eq(serverKeys.name, KEY_NAME)).run()
}
