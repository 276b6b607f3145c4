// Project payloads (spec section 3, contract.md).
import { z } from 'zod'
import type { ImageSet } from './media/image-set'
import { SearchOrder, type SnippetPart } from './search'
import {
  bodyField,
  demoLinksField,
  galleryField,
  metricsField,
  optionalLink,
  optionalText,
  slugField,
  summaryField,
  tagsField,
  titleField,
} from './input/content-fields'
import { checkPublication, publishAtField, statusField, type Publication } from './publication'

export const ProjectInput = z.object({
  title: titleField,
  slug: slugField,
  summary: summaryField,
  role: optionalText(200),
  tags: tagsField,
  bodyMD: bodyField,
  heroImage: optionalLink,
  gallery: galleryField,
  demoLinks: demoLinksField,
  metrics: metricsField,
  order: z.number().finite().optional(),
  status: statusField,
  publishAt: publishAtField,
}).superRefine(checkPublication)
export type ProjectInput = z.input<typeof ProjectInput>
/** Dates held to the contract's window at the server's today (./input/date-bounds). */
export const PROJECT_DATE_FIELDS = ['publishAt'] as const
export type ProjectData = z.output<typeof ProjectInput>

export type Project = {
  title: string
  slug: string
  summary?: string
  role?: string
  tags: string[]
  bodyMD: string
  /** Sanitised HTML rendered from bodyMD when the project was saved. */
  bodyHtml: string
  heroImage?: string
  gallery: string[]
  demoLinks: Record<string, string>
  metrics: Record<string, number | string>
  order: number
  createdAt: string
  updatedAt: string
  /** The hero and gallery as pages show them (sizes, responsive variants); on a single project only. */
  media?: { hero?: ImageSet; gallery: ImageSet[] }
} & Publication

/** `snippet`: where a search matched (list items found by a search only); `thumbnail`: the hero image, for the card. */
export type ProjectListItem = { slug: string; title: string; summary?: string; tags?: string[]; snippet?: SnippetPart[]; thumbnail?: ImageSet }

export const ProjectsQuery = z.object({
  search: z.string().trim().max(200).optional(),
  tag: z.string().trim().max(40).optional(),
  _: z.string().max(40).optional(),
  order: SearchOrder,
})
export type ProjectsQuery = z.infer<typeof ProjectsQuery>

export const ReorderProjectsInput = z.object({
  slugs: z.array(z.string().min(1).max(80)).min(1, 'slugs must list at least one project.').max(1000),
})
