// The post form's values (strings, as typed) and their payload (spec section 5).
import { readingMinutes } from '#src/contract/text'
import { PostInput, type Post, type PostData } from '#src/contract/post'
import { joinTags, parseWith, type ParseResult } from '#client/lib/editor/editor-form'
import { emptyPublication, publicationInput, publicationToForm, type PublicationFormValues } from '#client/lib/editor/publication-form'

export type PostFormValues = {
  title: string
  slug: string
  summary: string
  tags: string
  bodyMD: string
  readingMinutes: string
  /** 'true' or 'false': the contract's flag reads form texts. */
  toc: string
} & PublicationFormValues
export type PostPayload = Partial<PostData>

export const emptyPostForm: PostFormValues = { title: '', slug: '', summary: '', tags: '', bodyMD: '', readingMinutes: '', toc: 'false', ...emptyPublication }

/**
 * A stored post as form values. Reading minutes equal to the body's estimate were most likely
 * computed, so the field starts empty and keeps following the body; other values were set by hand.
 */
export function postToForm(post: Post): PostFormValues {
  const computed = post.readingMinutes === readingMinutes(post.bodyMD)
  return {
    title: post.title,
    slug: post.slug,
    summary: post.summary,
    tags: joinTags(post.tags),
    bodyMD: post.bodyMD,
    readingMinutes: computed ? '' : String(post.readingMinutes),
    toc: String(post.toc),
    ...publicationToForm(post),
  }
}

/** Spec section 5: values below 1 are forced to 1; anything else stays as typed for the schema. */
export function clampReadingMinutes(text: string): string {
  const n = Number(text)
  return text.trim() !== '' && Number.isFinite(n) && n < 1 ? '1' : text
}

/** The payload of a save, checked by PostInput; createdAt is not sent, so the server keeps it. */
export function parsePostForm(values: PostFormValues): ParseResult<PostPayload> {
  return parseWith(PostInput, { ...values, readingMinutes: values.readingMinutes.trim(), ...publicationInput(values) })
}
