// Demo room: the in-memory state of one app's demo, its shutdown, and counters that show it is bounded.
import type { Connection } from '#db/connection'
import type { AppDeps } from '#src/app-deps'
import { DEMO_LIMITS, DEMO_MESSAGES } from '#src/contract/demo'
import { EventBus } from './event-bus'
import { DemoLogins } from './logins'
import { StreamRegistry } from './streams'
import { TokenCache } from './tokens'
import { TxStore } from './transactions'

export type DemoCounts = {
  events: number
  listeners: number
  streams: number
  streamIps: number
  txs: number
  logins: number
  /** Keep-alive intervals plus confirmation timeouts: what could hold the process open. */
  timers: number
}

/** Everything the demo holds; one per app instance, so test servers share nothing. */
export class DemoRuntime {
  readonly bus = new EventBus(DEMO_LIMITS.eventsKept)
  readonly streams = new StreamRegistry({
    perIp: DEMO_LIMITS.streamsPerIp,
    total: DEMO_LIMITS.streamsTotal,
    perIpMessage: DEMO_MESSAGES.streamsPerIp,
    totalMessage: DEMO_MESSAGES.streamsTotal,
  })
  readonly tokens: TokenCache
  readonly txs: TxStore
  readonly logins: DemoLogins

  constructor({ clock }: Pick<AppDeps, 'clock'>) {
    this.tokens = new TokenCache(clock, DEMO_LIMITS.tokenCacheMs)
    this.txs = new TxStore(clock, {
      kept: DEMO_LIMITS.txKept,
      minDelayMs: DEMO_LIMITS.txConfirmMinMs,
      maxDelayMs: DEMO_LIMITS.txConfirmMaxMs,
      onCreated: (id) => this.bus.emit('tx.created', { id }),
      onConfirmed: (id) => this.bus.emit('tx.confirmed', { id }),
    })
    this.logins = new DemoLogins(clock, {
      ttlMs: DEMO_LIMITS.loginTtlMs,
      kept: DEMO_LIMITS.loginsKept,
      maxFailures: DEMO_LIMITS.linkAttemptsPerLogin,
    })
  }

  counts(): DemoCounts {
    const bus = this.bus.counts()
    const streams = this.streams.counts()
    const txs = this.txs.counts()
    return {
      events: bus.kept,
      listeners: bus.listeners,
      streams: streams.open,
      streamIps: streams.ips,
      txs: txs.kept,
      logins: this.logins.size,
      timers: streams.timers + txs.timers,
    }
  }

  /** Ends every stream and stops every timer, so nothing keeps a stopped server's process alive. */
  close() {
    this.streams.closeAll()
    this.txs.close()
  }
}

// NOTE: keyed by the app's connection because that is the one per-app object a RunningServer
// hands out; it lets API tests read the counters of the server they started. Weak, so a
// closed app's demo is collected with it.
const runtimes = new WeakMap<Connection, DemoRuntime>()

export function createDemoRuntime(deps: Pick<AppDeps, 'clock' | 'conn'>): DemoRuntime {
  const runtime = new DemoRuntime(deps)
  runtimes.set(deps.conn, runtime)
  return runtime
}

/** The demo of the app that owns `conn`, if one was created. */
export const demoRuntimeOf = (conn: Connection): DemoRuntime | undefined => runtimes.get(conn)

/**
 * Ends the demo's event streams and gives their last bytes a turn of the event loop to go out.
 * NOTE: call before stopping the server: Elysia runs onStop hooks only after Bun has dropped
 * every connection, so an open stream would otherwise end in a reset instead of a clean end.
 */
export async function drainDemo(conn: Connection): Promise<void> {
  const demo = runtimes.get(conn)
  if (!demo) return
  demo.close()
  await new Promise((resolve) => setImmediate(resolve))
}
