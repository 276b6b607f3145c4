// The publication fields the post and project forms share (issue 6): status, and the publish time
// typed as UTC, as form texts and as the payload the contract's schema checks.
import type { Publication, PublicationStatus } from '#src/contract/publication'
import { formatDateTime } from '../format-date'
import { fromUtcInput, toUtcInput } from './utc-input'

/** Texts, as every form value: the contract's schema checks them. */
export type PublicationFormValues = {
  /** 'published', 'draft' or 'scheduled'. */
  status: string
  /** The `datetime-local` text, read as UTC. */
  publishAt: string
}

/** Issue 20: a new item starts as a draft, so the first Save never publishes by surprise. */
export const emptyPublication: PublicationFormValues = { status: 'draft', publishAt: '' }

/** The select's choices, in the order the admin reads them. */
export const STATUS_OPTIONS: readonly { value: PublicationStatus; label: string }[] = [
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Draft' },
  { value: 'scheduled', label: 'Scheduled' },
]

export function publicationToForm(item: Publication): PublicationFormValues {
  return { status: item.status, publishAt: item.status === 'scheduled' ? toUtcInput(item.publishAt) : '' }
}

/**
 * The form's publication as the schema reads it. The time goes only with "scheduled": the field is
 * hidden otherwise, and a leftover there must neither be sent nor fail the save. A text that is no
 * date is passed on as typed, so the schema's own message names it.
 */
export function publicationInput(values: PublicationFormValues): PublicationFormValues {
  if (values.status !== 'scheduled') return { status: values.status, publishAt: '' }
  return { status: values.status, publishAt: fromUtcInput(values.publishAt) ?? values.publishAt }
}

/** What a list says of an item visitors cannot see yet; null when it is public. */
export function publicationLabel(item: Publication): string | null {
  if (item.status === 'draft') return 'Draft'
  if (item.status === 'scheduled') return item.publishAt ? `Scheduled for ${formatDateTime(item.publishAt)}` : 'Scheduled'
  return null
}
