// Share cards room: GET /og/home.png, /og/posts/{slug}.png, /og/projects/{slug}.png (cards.ts).
import { Elysia } from 'elysia'
import type { AppDeps } from '#src/app-deps'
import { selfCommand } from '#src/lib/self-command'
import type { ContentTag } from '#src/contract/content-tags'
import { HttpError, notFound } from '#src/lib/http-error'
import { PUBLIC_CACHE } from '#src/plugins/cache-policy'
import { cardsDir } from './card-files'
import { startCardRunner } from './card-runner'
import { CardNotDrawn, shareCards, type CardKind } from './cards'

/**
 * `version`: the page cache's version of a tag (a card is drawn again once what it shows changed);
 * `busy`: the site's answer when too much is asked at once (src/web/serve-page.ts).
 */
export const shareCardRoutes = ({ conn, clock, config, log }: AppDeps, version: (tag: ContentTag) => number, busy: () => Promise<Response>) => {
  const painter = startCardRunner({ command: selfCommand(), log })
  const cards = shareCards(conn.db, clock, cardsDir(config.dataDir), painter, version)
  const answer = async (kind: CardKind, slug: string) => {
    let file: string | 'busy' | null
    try {
      file = await cards.card(kind, slug)
    } catch (error) {
      if (!(error instanceof CardNotDrawn)) throw error
      log.warn('share card not drawn', { kind, slug, error: error.message })
      throw new HttpError(503, 'The card could not be drawn just now: try again later.', undefined, { 'Retry-After': '10' })
    }
    if (file === 'busy') return busy()
    if (!file) throw notFound('No such card.')
    return new Response(Bun.file(file), { headers: { 'content-type': 'image/png', 'cache-control': PUBLIC_CACHE } })
  }
  const slugOf = (file: string) => (file.endsWith('.png') ? file.slice(0, -4) : null)
  return new Elysia()
    .onStop(() => painter.stop())
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
