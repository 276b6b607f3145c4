// What a social card preview and a search engine read from a page's head: Open Graph and Twitter
// card tags, and JSON-LD (Person on home, BlogPosting on posts, CreativeWork on projects,
// BreadcrumbList on detail pages). Server-only: built from the page's query cache after its data
// loaded, so none of it weighs on the browser's bundle.
import type { QueryClient } from '@tanstack/react-query'
import { postQuery, projectQuery, type SiteData } from '#client/lib/site-data'
import type { Head } from '#client/site/route-types'
import * as paths from '../contract/paths'
import type { PostWithNeighbours } from '../contract/post'
import type { Project } from '../contract/project'
import type { SiteConfig } from '../contract/site'
import { absoluteUrl, type SiteOrigin } from '../contract/site-origin'
import { LINK_KEYS } from '../contract/owner/social-links'
import { escapeHtml, jsonForScript } from './document'
import { SHARE_IMAGE } from './media'
import { cardPath, type CardKind } from '#src/features/share-cards/cards'
import { HERO_SIZES, type ImageSet } from '../contract/media/image-set'

/** A share card's size: the default image's and every drawn card's (1200×630, what social sites ask for). */
const CARD = { width: SHARE_IMAGE.width, height: SHARE_IMAGE.height }

export type ShareInput = {
  /** The matched route's pattern ('/blog/:slug'), or null for a 404. */
  route: string | null
  params: Record<string, string>
  qc: QueryClient
  data: SiteData
  site: SiteConfig
  origin: SiteOrigin
  canonical: string
  head: Head
}

type Card = { type: 'website' | 'article' | 'profile'; image: string; imageAlt: string; published?: string; modified?: string; tags?: string[] }
type Crumb = { name: string; path: string }

/** Social networks do not render SVG cards: an SVG or missing hero falls back to the default image. */
function imageUrl(origin: SiteOrigin, src: string | undefined): string | null {
  if (!src || /\.svg(\?|$)/i.test(src)) return null
  if (/^https?:\/\//i.test(src)) return src
  return src.startsWith('/') ? absoluteUrl(origin, src) : null
}

/** The owner's profiles elsewhere (every link but the email address). */
const sameAs = (site: SiteConfig) => LINK_KEYS.flatMap((k) => (k !== 'email' && site.links[k] ? [site.links[k]] : []))

function person(site: SiteConfig, origin: SiteOrigin) {
  return { '@type': 'Person', name: site.siteName, url: absoluteUrl(origin, paths.home), sameAs: sameAs(site), description: site.tagline, ...(site.avatar ? { image: absoluteUrl(origin, site.avatar) } : {}) }
}

function breadcrumbs(origin: SiteOrigin, crumbs: Crumb[]) {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: absoluteUrl(origin, c.path) })),
  }
}

export function shareHead({ route, params, qc, data, site, origin, canonical, head }: ShareInput): string {
  const defaultImage = absoluteUrl(origin, SHARE_IMAGE.path)
  let card: Card = { type: 'website', image: defaultImage, imageAlt: site.siteName }
  // A card drawn for the page (src/features/share-cards): its title on the owner's colours.
  const drawn = (kind: CardKind, slug: string, alt: string) => ({ image: absoluteUrl(origin, cardPath(kind, slug)), imageAlt: alt })
  const graph: object[] = []
  let preload = ''
  if (route === '/') {
    card = { ...card, type: 'profile', ...drawn('home', '', site.heroTitle || site.siteName) }
    graph.push({ ...person(site, origin), mainEntityOfPage: canonical })
  } else if (route === '/blog/:slug') {
    const post = qc.getQueryData<PostWithNeighbours>(postQuery(data, params.slug!).queryKey)
    if (post) {
      card = { ...card, ...drawn('post', post.slug, post.title), type: 'article', published: post.createdAt, modified: post.updatedAt, tags: post.tags }
      graph.push({
        '@type': 'BlogPosting',
        headline: post.title,
        description: post.summary,
        datePublished: post.createdAt,
        dateModified: post.updatedAt,
        keywords: post.tags.join(', '),
        url: canonical,
        mainEntityOfPage: canonical,
        image: card.image,
        author: person(site, origin),
      })
      graph.push(breadcrumbs(origin, [{ name: 'Home', path: paths.home }, { name: 'Blog', path: paths.blog() }, { name: post.title, path: paths.post(post.slug) }]))
    }
  } else if (route === '/projects/:slug') {
    const project = qc.getQueryData<Project>(projectQuery(data, params.slug!).queryKey)
    if (project) {
      const hero = imageUrl(origin, project.heroImage)
      if (project.media?.hero) preload = heroPreload(project.media.hero)
      card = { ...card, ...(hero ? { image: hero, imageAlt: project.title } : drawn('project', project.slug, project.title)) }
      graph.push({
        '@type': 'CreativeWork',
        name: project.title,
        description: project.summary ?? head.description,
        url: canonical,
        image: card.image,
        keywords: project.tags.join(', '),
        dateCreated: project.createdAt,
        dateModified: project.updatedAt,
        creator: person(site, origin),
      })
      graph.push(breadcrumbs(origin, [{ name: 'Home', path: paths.home }, { name: 'Projects', path: paths.projects() }, { name: project.title, path: paths.project(project.slug) }]))
    }
  }
  const meta = (attr: 'property' | 'name', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`
  const tags = [
    meta('property', 'og:site_name', site.siteName),
    meta('property', 'og:type', card.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    ...(canonical ? [meta('property', 'og:url', canonical)] : []),
    meta('property', 'og:image', card.image),
    meta('property', 'og:image:alt', card.imageAlt),
    ...(card.image === defaultImage || card.image.includes('/og/') ? [meta('property', 'og:image:width', String(CARD.width)), meta('property', 'og:image:height', String(CARD.height))] : []),
    ...(card.published ? [meta('property', 'article:published_time', card.published)] : []),
    ...(card.modified ? [meta('property', 'article:modified_time', card.modified)] : []),
    ...(card.tags ?? []).map((t) => meta('property', 'article:tag', t)),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', card.image),
    meta('name', 'twitter:image:alt', card.imageAlt),
  ]
  // NOTE: a JSON-LD block is data, not script: CSP does not run it, and jsonForScript keeps any
  // `</script>` in a title from ending it.
  const ld = graph.length ? `<script type="application/ld+json">${jsonForScript({ '@context': 'https://schema.org', '@graph': graph })}</script>` : ''
  return preload + tags.join('') + ld
}

/**
 * A project's hero is its page's largest image: fetched with the stylesheet rather than after the
 * script. With variants, the AVIF set (the <picture>'s first choice); a browser without AVIF
 * skips a preload of that type and takes the WebP from the page as usual.
 */
function heroPreload(hero: ImageSet): string {
  const avif = hero.sources.find((s) => s.type === 'image/avif')
  if (!avif) return `<link rel="preload" as="image" href="${escapeHtml(hero.src)}" fetchpriority="high">`
  return `<link rel="preload" as="image" type="image/avif" imagesrcset="${escapeHtml(avif.srcset)}" imagesizes="${HERO_SIZES}" fetchpriority="high">`
}
