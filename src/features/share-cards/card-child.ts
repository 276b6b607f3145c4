// `folio cards`, the child side: the share cards' painter. The server (card-runner.ts) sends it
// one card at a time over the IPC channel; it draws each into the file named, answers, and ends
// when the server closes the channel (or goes). satori, resvg and the fonts load on its first card.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { CardContent } from './render-card'

/** What the server asks: draw `content` into `file`. */
export type CardRequest = { id: number; content: CardContent; file: string }
/** What the child answers: done, or why not. */
export type CardAnswer = { id: number; error?: string }

const isRequest = (m: unknown): m is CardRequest => {
  const r = m as CardRequest | null
  return typeof r?.id === 'number' && typeof r.file === 'string' && r.file.endsWith('.png') && typeof r.content?.title === 'string'
}

/** Serves the server's requests until the channel closes; false when there is no channel (not started by a server). */
export async function paintCards(): Promise<boolean> {
  const send = process.send?.bind(process)
  if (!send) return false
  let chain = Promise.resolve()
  process.on('message', (message: unknown) => {
    if (!isRequest(message)) return
    chain = chain.then(async () => void send(await paint(message)))
  })
  await new Promise<void>((resolve) => process.once('disconnect', resolve))
  return true
}

async function paint(request: CardRequest): Promise<CardAnswer> {
  try {
    const { renderCard } = await import('./render-card')
    const png = await renderCard(request.content)
    mkdirSync(dirname(request.file), { recursive: true })
    // Whole or absent: the server serves any file it finds there.
    const partial = `${request.file}.${process.pid}.partial`
    writeFileSync(partial, png)
    renameSync(partial, request.file)
    return { id: request.id }
  } catch (error) {
    return { id: request.id, error: String((error as Error).message ?? error).slice(0, 300) }
  }
}
