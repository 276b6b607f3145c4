// Drawn share cards on disk: one PNG per distinct content, named by a hash of what it shows, so a
// card is drawn once per change of its title, summary or the owner's name and accent (and once
// per folio version, whose design may differ), and survives a restart. The folder is a cache:
// backups leave it out, and deleting it only means the cards are drawn again.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { VERSION } from '#src/features/health'
import type { CardContent } from './render-card'

export const cardsDir = (dataDir: string) => join(dataDir, 'cache', 'cards')

/** The file a card of `content` is drawn into. */
export function cardFile(dir: string, content: CardContent): string {
  const hash = new Bun.CryptoHasher('sha256').update(JSON.stringify([VERSION, content])).digest('hex')
  return join(dir, `${hash.slice(0, 32)}.png`)
}

/**
 * Card files kept on disk (about 40 KB each, so 40 MB at most): a card per public item and a few
 * edits of each for a site of hundreds of items. Past it, the oldest drawn go first.
 */
export const CARD_FILES = 1_000

/** Drops the oldest cards past `keep` (down to nine tenths of it, so it runs rarely). */
export function pruneCards(dir: string, keep = CARD_FILES): number {
  if (!existsSync(dir)) return 0
  const names = readdirSync(dir).filter((n) => n.endsWith('.png'))
  if (names.length <= keep) return 0
  const byAge = names.map((name) => ({ name, at: statSync(join(dir, name), { throwIfNoEntry: false })?.mtimeMs ?? 0 })).sort((a, b) => a.at - b.at)
  const drop = byAge.slice(0, names.length - Math.floor(keep * 0.9))
  for (const { name } of drop) rmSync(join(dir, name), { force: true })
  return drop.length
}
