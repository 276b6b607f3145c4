// Publication of posts and projects (issue 6): a draft stays private, a scheduled item goes public
// at its publish time, a published one is public. Shared by both payloads, the admin forms and the
// preview links.
import { z } from 'zod'

export const PUBLICATION_STATUSES = ['draft', 'published', 'scheduled'] as const
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number]

export const PUBLICATION_MESSAGES = {
  status: 'Status must be draft, published or scheduled.',
  publishAt: 'Publish time must be an ISO-8601 timestamp.',
  publishAtRequired: 'A scheduled item needs a publish time.',
  toc: 'Table of contents must be true or false.',
} as const

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

/** Absent: "published" on create, the stored status on update (so scripts written before it keep working). */
export const statusField = z.enum(PUBLICATION_STATUSES, { error: PUBLICATION_MESSAGES.status }).optional()

/** When a scheduled item goes public; ignored (and cleared) for any other status. */
export const publishAtField = z.preprocess(emptyToUndefined, z.iso.datetime({ offset: true, error: PUBLICATION_MESSAGES.publishAt }).optional())

/** A boolean, or a form's 'true'/'false'/'on'/'' text. */
export const flagField = (message: string) =>
  z.preprocess((v) => (v === 'true' || v === 'on' ? true : v === 'false' || v === '' ? false : v), z.boolean({ error: message }).optional())

/** The one rule across the two fields: "scheduled" names its time. */
export function checkPublication(value: { status?: PublicationStatus; publishAt?: string }, ctx: z.RefinementCtx) {
  if (value.status === 'scheduled' && !value.publishAt) ctx.addIssue({ code: 'custom', path: ['publishAt'], message: PUBLICATION_MESSAGES.publishAtRequired })
}

/** What the API says of an item: `scheduled` only while its time is still ahead. */
export type Publication = { status: PublicationStatus; publishAt?: string }

/** A private, signed, expiring link to a draft's page. */
export const PreviewLinkInput = z.strictObject({
  kind: z.enum(['post', 'project'], { error: 'kind must be post or project.' }),
  slug: z.string({ error: 'slug must be text.' }).min(1, 'slug must be text.').max(80),
  /** How long the link works: 1 hour to 30 days; default 3 days. */
  hours: z.number({ error: 'hours must be a whole number from 1 to 720.' }).int('hours must be a whole number from 1 to 720.').min(1, 'hours must be a whole number from 1 to 720.').max(720, 'hours must be a whole number from 1 to 720.').default(72),
})
export type PreviewLinkInput = z.input<typeof PreviewLinkInput>
export type PreviewLink = { url: string; expiresAt: string }

/** A heading of a post's body, for its table of contents. */
export type TocHeading = { depth: 2 | 3; id: string; text: string }
