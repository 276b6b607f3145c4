// Analytics room: the day's visits in memory (who was counted, how each visit began, when last
// seen), bounded per day and per address so no client can fill the server's memory with visitors.
import type { Database } from 'bun:sqlite'
import type { BotReason } from './bots'
import { readDay, type VisitAttrs } from './store'
import { classifyUserAgentCached } from './user-agent'

export type Visit = {
  /** Null until the visitor's first view (a goal can come first, e.g. a ping from a cached tab). */
  attrs: VisitAttrs | null
  device: Pick<VisitAttrs, 'browser' | 'os' | 'device'>
  /** The pages (as stored, folded) and goals counted for this visitor today. */
  paths: Set<string>
  goals: Set<string>
  lastPath: string
  lastViewAt: number
}

/** Beyond this many visitors in a day, new ones are counted as filtered: memory stays bounded. */
export const MAX_VISITORS_PER_DAY = 500_000
/**
 * A visitor is an address and a user agent, so one address could make a visitor per user agent it
 * invents. People behind one address mostly share a few browsers: 250 a day is more than a large
 * office's worth (and above ADDRESS_RATE's minute, so that pace is what a burst meets first); a
 * client past it is counted as a bot (VISITORS_PER_ADDRESS_REASON).
 */
export const MAX_VISITORS_PER_ADDRESS = 250
export const VISITORS_PER_ADDRESS_REASON = 'Too many browsers (address)'

const newVisit = (device: Visit['device']): Visit => ({ attrs: null, device, paths: new Set(), goals: new Set(), lastPath: '', lastViewAt: 0 })

export class DayVisits {
  private visits = new Map<string, Visit>()
  /** Visitors made today per address; never stored, so a restart starts them again. */
  private perAddress = new Map<string, number>()

  /** The day's visits read back from its stored hits: a restarted server forgets nobody. */
  startDay(sqlite: Database, day: string): void {
    this.visits = new Map()
    this.perAddress = new Map()
    for (const stored of readDay(sqlite, day)) {
      const { kind, path, goal, visitor, createdAt, ...attrs } = stored
      const visit = this.visits.get(visitor) ?? newVisit({ browser: attrs.browser, os: attrs.os, device: attrs.device })
      if (kind === 'goal') visit.goals.add(goal)
      else {
        visit.attrs ??= attrs
        visit.paths.add(path)
        visit.lastPath = path
        visit.lastViewAt = Date.parse(createdAt)
      }
      this.visits.set(visitor, visit)
    }
  }

  get(visitor: string): Visit | undefined {
    return this.visits.get(visitor)
  }

  /** The visitor's visit, begun now if new; the reason it cannot begin when the day or the address is full. */
  open(visitor: string, userAgent: string, ip: string): Visit | BotReason {
    const known = this.visits.get(visitor)
    if (known) return known
    if (this.visits.size >= MAX_VISITORS_PER_DAY) return 'Over the day’s visitor capacity'
    const made = this.perAddress.get(ip) ?? 0
    if (made >= MAX_VISITORS_PER_ADDRESS) return VISITORS_PER_ADDRESS_REASON
    this.perAddress.set(ip, made + 1)
    const visit = newVisit(classifyUserAgentCached(userAgent))
    this.visits.set(visitor, visit)
    return visit
  }

  /** Visitors with a view at or after `sinceMs`. */
  viewedSince(sinceMs: number): number {
    let n = 0
    for (const visit of this.visits.values()) if (visit.lastViewAt >= sinceMs) n++
    return n
  }
}
