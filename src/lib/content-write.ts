// The write path posts and projects share: the slug worked out and the body rendered before the
// transaction, then in one transaction the slug checked, the publication and dates settled, the
// row written and its tags indexed. Each feature describes itself with a ContentKind: its tables
// and the few places where it differs (its own columns and how it is dated).
import { eq, getTableColumns } from 'drizzle-orm'
import type { AnySQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Db } from '#db/connection'
import type { PublicationStatus } from '#src/contract/publication'
import type { Clock } from './clock'
import { contentSlug } from './content-slug'
import { conflict, notFound } from './http-error'
import { renderMarkdown } from './markdown'
import { dateAfterWrite, nextPublication, updatedAfterWrite, type WriteDates } from './publication'
import { tagKey } from './sql-helpers'

/** What a post's or a project's payload has in common (the contract's PostData and ProjectData). */
export type ContentData = { title: string; slug?: string; summary?: string; tags: string[]; bodyMD: string; status?: PublicationStatus; publishAt?: string }
/** What a stored post's or project's row has in common. */
export type ContentRow = { id: number; slug: string; createdAt: string; status: PublicationStatus; publishAt: string | null }

/** A write's slow half, done before its transaction opens: the slug worked out and the body rendered. */
export type Prepared<D> = { data: D; slug: string; bodyHtml: string }
export type Render = (markdown: string) => Promise<string>

/** A content type: its tables, and where it differs from the other. */
export type ContentKind<D extends ContentData, R extends ContentRow, Item> = {
  /** What a 404 says was not found: 'Post', 'Project'. */
  noun: string
  table: SQLiteTable & { id: AnySQLiteColumn; slug: AnySQLiteColumn }
  /** One row per (item, tag key): the table and the property naming the item ('postId'). */
  tags: { table: SQLiteTable; owner: string }
  /** The columns only this kind has, for a create (`stored` null) or an update of `stored`. */
  ownColumns(tx: Db, data: D, stored: R | null): Record<string, unknown>
  /** The date a write gives the item instead of its own: an import's, and for a post its `createdAt`. */
  givenDate(data: D, dates: WriteDates): string | undefined
  /**
   * Whether an item created with an earlier date than now counts as not edited since then
   * whatever gave that date (posts: a publish time already past does too), or only when the date
   * was given (projects).
   */
  undatedEarlierIsUnedited: boolean
  toItem(row: R, now: string): Item
}

const commonColumns = <D extends ContentData>({ data, slug, bodyHtml }: Prepared<D>) => ({
  slug,
  title: data.title,
  summary: data.summary,
  tags: data.tags,
  bodyMd: data.bodyMD,
  bodyHtml,
})

function ensureSlugFree(tx: Db, table: ContentKind<ContentData, ContentRow, unknown>['table'], slug: string, exceptId?: number) {
  const row = tx.select({ id: table.id }).from(table).where(eq(table.slug, slug)).get()
  if (row && row.id !== exceptId) throw conflict(`The slug "${slug}" is already taken.`)
}

function writeTags(tx: Db, { table, owner }: ContentKind<ContentData, ContentRow, unknown>['tags'], id: number, tags: string[]) {
  const column = getTableColumns(table)[owner]!
  tx.delete(table).where(eq(column, id)).run()
  const keys = [...new Set(tags.map(tagKey))]
  if (keys.length) tx.insert(table).values(keys.map((k) => ({ [owner]: id, tagKey: k }))).run()
}

/** The writes of one kind; each feature exports them under its own names. */
export function contentWrites<D extends ContentData, R extends ContentRow, Item>(kind: ContentKind<D, R, Item>) {
  const { table } = kind

  /** `render` is for the seed, which brings the sample content's HTML rendered at build time. */
  async function prepare(data: D, render: Render = renderMarkdown): Promise<Prepared<D>> {
    return { data, slug: contentSlug(data), bodyHtml: await render(data.bodyMD) }
  }

  /**
   * create's synchronous half, for a caller that already holds a transaction (the seed, the
   * content import). `dates`: what an import restores; absent, the item dates itself.
   */
  function insert(db: Db, prepared: Prepared<D>, clock: Clock, dates: WriteDates = {}): Item {
    const { data, slug } = prepared
    const now = clock.now().toISOString()
    return db.transaction((tx) => {
      ensureSlugFree(tx, table, slug)
      const publication = nextPublication(data, null)
      const given = kind.givenDate(data, dates)
      const createdAt = dateAfterWrite(given, null, publication, now)
      // An item created with an earlier date (the seed, an import) has not been edited since then.
      const unedited = createdAt < now && (Boolean(given) || kind.undatedEarlierIsUnedited)
      const updatedAt = updatedAfterWrite(dates, unedited ? createdAt : now)
      const values = { ...commonColumns(prepared), ...publication, ...kind.ownColumns(tx, data, null), createdAt, updatedAt }
      const row = tx.insert(table).values(values).returning().get() as R
      writeTags(tx, kind.tags, row.id, data.tags)
      return kind.toItem(row, now)
    }, { behavior: 'immediate' })
  }

  /** update's synchronous half, for a caller that holds a transaction (the content import). */
  function writeUpdate(db: Db, currentSlug: string, prepared: Prepared<D>, clock: Clock, dates: WriteDates = {}): Item {
    const { data } = prepared
    return db.transaction((tx) => {
      const existing = tx.select().from(table).where(eq(table.slug, currentSlug)).get() as R | undefined
      if (!existing) throw notFound(`${kind.noun} not found.`)
      ensureSlugFree(tx, table, prepared.slug, existing.id)
      const now = clock.now().toISOString()
      const publication = nextPublication(data, existing)
      const createdAt = dateAfterWrite(kind.givenDate(data, dates), existing, publication, now)
      // An edited sample item is the owner's from now on.
      const values = { ...commonColumns(prepared), ...publication, ...kind.ownColumns(tx, data, existing), createdAt, updatedAt: updatedAfterWrite(dates, now), sample: false }
      const row = tx.update(table).set(values).where(eq(table.id, existing.id)).returning().get() as R
      writeTags(tx, kind.tags, row.id, data.tags)
      return kind.toItem(row, now)
    }, { behavior: 'immediate' })
  }

  return {
    prepare,
    insert,
    writeUpdate,
    create: async (db: Db, data: D, clock: Clock): Promise<Item> => insert(db, await prepare(data), clock),
    update: async (db: Db, currentSlug: string, data: D, clock: Clock): Promise<Item> => writeUpdate(db, currentSlug, await prepare(data), clock),
    remove(db: Db, slug: string): void {
      const deleted = db.delete(table).where(eq(table.slug, slug)).returning({ id: table.id }).get()
      if (!deleted) throw notFound(`${kind.noun} not found.`)
    },
  }
}
