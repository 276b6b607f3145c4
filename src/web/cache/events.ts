// What the page cache tells others: the one event a change of public content is (an admin write,
// a scheduled item going public, new image variants), and a page stored. Each consequence is a
// named subscriber, all registered in ./subscribers.ts.
import type { ContentTag } from '#src/contract/content-tags'

/** What changed, said once by whoever changed it. */
export type PagesChanged = {
  /** The content that changed: every page showing one of these is stale. */
  readonly tags: readonly ContentTag[]
  /** Slugs of the items a write named (its route's `:slug`): their own pages are stale wherever kept. */
  readonly items: readonly string[]
  readonly cause: 'admin write' | 'scheduled publication' | 'image variants'
}

/** A change as its subscribers get it: with the keys this server's cache dropped for it, plain pages first, most recently used first. */
export type PagesDropped = PagesChanged & { readonly dropped: readonly string[] }

/** Subscribers in the order registered, each by the name a reader looks for. */
export class NamedSubscribers<E> {
  private readonly list: { name: string; run: (event: E) => void }[] = []

  add(name: string, run: (event: E) => void): void {
    if (this.list.some((s) => s.name === name)) throw new Error(`a subscriber named '${name}' is already registered`)
    this.list.push({ name, run })
  }

  names(): string[] {
    return this.list.map((s) => s.name)
  }

  /**
   * Runs every subscriber, each whatever another threw; then throws what they threw, naming them.
   * NOTE: a subscriber only queues its work (a re-render, a purge), so a throw is a bug, not a slow cache.
   */
  emit(event: E): void {
    const failed: { name: string; error: unknown }[] = []
    for (const s of this.list) {
      try {
        s.run(event)
      } catch (error) {
        failed.push({ name: s.name, error })
      }
    }
    if (failed.length) throw new AggregateError(failed.map((f) => f.error), `page cache subscribers failed: ${failed.map((f) => f.name).join(', ')}`)
  }
}
