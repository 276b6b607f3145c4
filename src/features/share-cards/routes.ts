// Share cards room: GET /og/home.png, /og/posts/{slug}.png, /og/projects/{slug}.png (cards.ts).
import { Elysia } from 'elysia'
import type { AppDeps } from '#src/app-deps'
import type { ContentTag } from '#src/contract/content-tags'
import { notFound } from '#src/lib/http-error'
import { PUBLIC_CACHE } from '#src/plugins/cache-policy'
import { busy, held } from '#src/web/serve-page'
import { shareCards, type CardKind } from './cards'

export const shareCardRoutes = ({ conn, clock }: AppDeps, version: (tag: ContentTag) => number) => {
  const cards = shareCards(conn.db, clock, version)
  const answer = async (kind: CardKind, slug: string) => {
    const png = await cards.card(kind, slug)
    if (png === 'busy') return held(busy())
    if (!png) throw notFound('No such card.')
    return new Response(png, { headers: { 'content-type': 'image/png', 'cache-control': PUBLIC_CACHE } })
  }
  const slugOf = (file: string) => (file.endsWith('.png') ? file.slice(0, -4) : null)
  return new Elysia()
    .get('/og/home.png', () => answer('home', ''))
    .get('/og/posts/:file', ({ params }) => {
      const slug = slugOf(params.file)
      if (!slug) throw notFound()
      return answer('post', slug)
    })
    .get('/og/projects/:file', ({ params }) => {
      const slug = slugOf(params.file)
      if (!slug) throw notFound()
      return answer('project', slug)
    })
}
