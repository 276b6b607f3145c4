// The slug a project or post is saved under: the one given, else one made from the title.
import { slugify } from '../contract/text'
import { badRequest } from './http-error'

export function contentSlug(data: { slug?: string; title: string }): string {
  const slug = data.slug ?? slugify(data.title)
  if (!slug) throw badRequest('Invalid input.', [{ message: 'Add a slug: the title has no letters or digits to make one from.', code: 'custom', path: 'slug' }])
  return slug
}
