// The debug timeline: what the stream sent and what the page did, newest first, 200 kept.
import { LOG_SIZE } from './constants'
import type { StreamEvent } from './event-stream'
import { clockTime, shortHex } from './format'

export type LogKind = 'event' | 'action' | 'info' | 'error'
export type LogEntry = { seq: number; at: number; kind: LogKind; title: string; detail?: string }

/** The entries with `entry` on top, cut to the newest `limit`. */
export function pushEntry(entries: readonly LogEntry[], entry: LogEntry, limit = LOG_SIZE): LogEntry[] {
  return [entry, ...entries.slice(0, Math.max(0, limit - 1))]
}

const field = (data: unknown, key: string): string | undefined => {
  const value = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined
}

/** The one-line detail of a stream event, from its payload (spec section 7). */
export function eventDetail(event: StreamEvent): string {
  const { type, data } = event
  const id = event.id ? `#${event.id}` : ''
  let about = ''
  if (type === 'ready') about = `replayed ${field(data, 'replayed') ?? 0}`
  else if (type === 'tx.created' || type === 'tx.confirmed') about = shortHex(field(data, 'id') ?? '')
  else if (type === 'demo.wallet.linked') about = field(data, 'address') ?? ''
  else if (type === 'tokens.cache_hit' || type === 'tokens.cache_miss') {
    const at = clockTime(field(data, 'updatedAt') ?? '')
    about = at ? `prices of ${at} UTC` : ''
  }
  return [id, about].filter(Boolean).join(' ')
}
