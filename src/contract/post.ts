// Blog post payloads (spec section 3, contract.md).
import { z } from 'zod'
import { SearchOrder, type SnippetPart } from './search'
import { LIMITS } from './limits'
import { bodyField, slugField, summaryField, tagsField, titleField } from './input/content-fields'
import { checkPublication, flagField, PUBLICATION_MESSAGES, publishAtField, statusField, type Publication, type TocHeading } from './publication'

export const PostInput = z.object({
  title: titleField,
  slug: slugField,
  summary: summaryField,
  tags: tagsField,
  bodyMD: bodyField,
  /** Optional whole minutes; smaller values are forced to 1; absent means estimated from the body. */
  readingMinutes: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: 'Reading minutes must be a whole number.' })
      .int('Reading minutes must be a whole number.')
      .max(600)
      .transform((n) => Math.max(1, n))
      .optional(),
  ),
  /** ISO timestamp; defaults to now on create and to the stored value on update. */
  createdAt: z.iso.datetime({ offset: true, error: 'createdAt must be an ISO-8601 timestamp.' }).optional(),
  status: statusField,
  publishAt: publishAtField,
  /** Show a table of contents (the body's h2 and h3) above the post; absent keeps the stored choice. */
  toc: flagField(PUBLICATION_MESSAGES.toc),
}).superRefine(checkPublication)
export type PostInput = z.input<typeof PostInput>
/** Dates held to the contract's window at the server's today (./input/date-bounds). */
export const POST_DATE_FIELDS = ['createdAt', 'publishAt'] as const
export type PostData = z.output<typeof PostInput>

export type PostSummary = {
  /** Where a search matched (list items found by a search only). */
  snippet?: SnippetPart[]
  title: string
  slug: string
  summary: string
  tags: string[]
  readingMinutes: number
  createdAt: string
  updatedAt: string
} & Publication
/** `headings`: the body's h2 and h3 when `toc` is on, else empty. */
export type Post = PostSummary & { bodyMD: string; bodyHtml: string; toc: boolean; headings: TocHeading[] }
export type PostLink = { slug: string; title: string }
export type PostWithNeighbours = Post & { prev: PostLink | null; next: PostLink | null }

export const PostsQuery = z.object({
  search: z.string().trim().max(200).optional(),
  tag: z.string().trim().max(40).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number from 1 to 100.' })
    .int('limit must be a number from 1 to 100.')
    .min(1, 'limit must be a number from 1 to 100.')
    .max(LIMITS.postsListMax, 'limit must be a number from 1 to 100.')
    .default(LIMITS.postsListDefault),
  order: SearchOrder,
})
export type PostsQuery = z.infer<typeof PostsQuery>
