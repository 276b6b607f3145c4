// Demo room: the in-process pub/sub behind /api/demo/events, one per app instance.
import type { DemoEventData, DemoEventType } from '#src/contract/demo'

export type BusEventType = Exclude<DemoEventType, 'ready'>
export type BusEvent = { id: number; type: BusEventType; data: DemoEventData[BusEventType] }
type Listener = (event: BusEvent) => void

/** Numbers events 1, 2, 3… and keeps the last `capacity` so a reconnecting stream can catch up. */
export class EventBus {
  private lastId = 0
  private readonly ring: BusEvent[] = []
  private readonly listeners = new Set<Listener>()

  constructor(private readonly capacity: number) {}

  emit<T extends BusEventType>(type: T, data: DemoEventData[T]) {
    const event: BusEvent = { id: ++this.lastId, type, data }
    this.ring.push(event)
    if (this.ring.length > this.capacity) this.ring.shift()
    for (const listener of this.listeners) {
      // NOTE: one broken stream must not stop the others (or the request that emitted).
      try {
        listener(event)
      } catch {
        this.listeners.delete(listener)
      }
    }
  }

  /** Events kept for replay and live subscribers (bounded by `capacity` and by the stream caps). */
  counts() {
    return { kept: this.ring.length, listeners: this.listeners.size }
  }

  /** The id of the newest event, 0 before any. */
  get headId() {
    return this.lastId
  }

  /**
   * The kept events after `lastSeenId`. An id ahead of ours comes from an earlier run of the
   * server (ids restart at 1), so the client has seen none of ours: it gets all we kept.
   */
  since(lastSeenId: number): BusEvent[] {
    if (lastSeenId > this.lastId) return [...this.ring]
    return this.ring.filter((event) => event.id > lastSeenId)
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}
