// Content files room: a post or a project as the markdown file folio exports. Keys in a fixed
// order, empty optionals left out, the body exactly as stored: an import of the file gives the
// item back unchanged.
import type { Post } from '#src/contract/post'
import type { Project } from '#src/contract/project'
import type { Publication } from '#src/contract/publication'
import { serializeMarkdownFile, type FrontMatter } from './front-matter'

/** Drops keys whose value is undefined, an empty list or an empty object. */
function compact(data: FrontMatter): FrontMatter {
  const isEmpty = (v: unknown) =>
    v === undefined || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0)
  return Object.fromEntries(Object.entries(data).filter(([, v]) => !isEmpty(v)))
}

/**
 * The stored publication: the API says "published" of a scheduled item whose time has come, but
 * it is still scheduled (it keeps its publish time, which only a scheduled item shows).
 */
const stored = (item: Publication) => ({ status: item.publishAt ? 'scheduled' : item.status, publishAt: item.publishAt })

export function postFile(post: Post): string {
  const data = {
    title: post.title,
    slug: post.slug,
    date: post.createdAt,
    updated: post.updatedAt,
    summary: post.summary,
    tags: post.tags,
    readingMinutes: post.readingMinutes,
    ...stored(post),
    toc: post.toc || undefined,
  }
  return serializeMarkdownFile(compact(data), post.bodyMD)
}

export function projectFile(project: Project): string {
  const data = {
    title: project.title,
    slug: project.slug,
    summary: project.summary,
    role: project.role,
    tags: project.tags,
    heroImage: project.heroImage,
    gallery: project.gallery,
    demoLinks: project.demoLinks,
    metrics: project.metrics,
    order: project.order,
    ...stored(project),
    date: project.createdAt,
    updated: project.updatedAt,
  }
  return serializeMarkdownFile(compact(data), project.bodyMD)
}
