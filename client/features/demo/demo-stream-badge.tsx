import { isReconnecting, type StreamStatus } from './event-stream'

export const RECONNECTING = 'reconnecting…'

/** The state of the live event stream; 'reconnecting…' while it is down after having been up. */
export function DemoStreamBadge({ status }: { status: StreamStatus | null }) {
  const [state, label] = !status
    ? ['off', 'Not connected']
    : isReconnecting(status)
      ? ['reconnecting', RECONNECTING]
      : status.state === 'open'
        ? ['open', 'Live']
        : ['connecting', 'Connecting…']
  return (
    <p className="demo-stream">
      <span className="demo-stream-label">Event stream</span>{' '}
      <span className="demo-badge" role="status" data-state={state}>
        {label}
      </span>
    </p>
  )
}
